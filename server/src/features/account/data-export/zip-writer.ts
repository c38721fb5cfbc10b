import { setImmediate as nextTurn } from 'node:timers/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * A zip file written a piece at a time without holding the event loop: text is deflated on
 * libuv's thread pool, photos (already compressed) are stored as they are, and checksums are
 * taken a slice at a time with a turn of the loop between slices. Plain zip (no zip64): the
 * export's size cap keeps it far below 4 GiB.
 */

const deflateRaw = promisify(zlib.deflateRaw);
/** Checksummed between two turns of the event loop: well under a millisecond of work. */
const SLICE = 256 * 1024;

async function crc32(data: Uint8Array): Promise<number> {
  let crc = 0;
  for (let at = 0; at < data.length; at += SLICE) {
    crc = zlib.crc32(data.subarray(at, at + SLICE), crc);
    if (at + SLICE < data.length) await nextTurn();
  }
  return crc;
}

/** MS-DOS time and date, as zip headers carry them. */
function dosDateTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

export class ZipWriter {
  readonly #parts: Buffer[] = [];
  readonly #directory: Buffer[] = [];
  #offset = 0;
  #count = 0;

  constructor(private readonly at: Date) {}

  /** Bytes written so far (before the closing directory). */
  get size(): number {
    return this.#offset;
  }

  /** Adds one file; `compress` for text, not for photos. */
  async add(name: string, data: Uint8Array, { compress }: { compress: boolean }): Promise<void> {
    const crc = await crc32(data);
    const body = compress ? await deflateRaw(data) : Buffer.from(data);
    const fileName = Buffer.from(name, 'utf8');
    const { time, date } = dosDateTime(this.at);
    const method = compress ? 8 : 0;

    // What a file's local header and its central directory entry share, in the same order:
    // version needed, flags (names in UTF-8), method, time, date, CRC, sizes, name and extra lengths.
    const shared = Buffer.alloc(26);
    shared.writeUInt16LE(20, 0);
    shared.writeUInt16LE(0x0800, 2);
    shared.writeUInt16LE(method, 4);
    shared.writeUInt16LE(time, 6);
    shared.writeUInt16LE(date, 8);
    shared.writeUInt32LE(crc >>> 0, 10);
    shared.writeUInt32LE(body.length, 14);
    shared.writeUInt32LE(data.length, 18);
    shared.writeUInt16LE(fileName.length, 22);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    shared.copy(local, 4);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    shared.copy(central, 6);
    central.writeUInt32LE(this.#offset, 42);

    this.#parts.push(local, fileName, body);
    this.#directory.push(central, fileName);
    this.#offset += local.length + fileName.length + body.length;
    this.#count++;
  }

  /** The whole file, its directory closing it. */
  finish(): Buffer {
    const directorySize = this.#directory.reduce((sum, part) => sum + part.length, 0);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.#count, 8);
    end.writeUInt16LE(this.#count, 10);
    end.writeUInt32LE(directorySize, 12);
    end.writeUInt32LE(this.#offset, 16);
    return Buffer.concat([...this.#parts, ...this.#directory, end]);
  }
}
