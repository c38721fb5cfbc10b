import { HttpError } from '../../errors';

export const PHOTO_QUEUE_FULL =
  'Too many photos are being processed right now. Please try again in a moment.';

/**
 * Photo work is a few hundred milliseconds of CPU and up to a few hundred MB of pixels per job:
 * a few jobs run at once, a short line waits, and anything more is refused with 503 rather than
 * held in memory.
 */
export class PhotoQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** Jobs let in so far: a refused upload never reaches a photo decoder. */
  entered = 0;

  constructor(
    readonly concurrency = 1,
    readonly maxWaiting = 4,
    private readonly retryAfterSeconds = 5,
  ) {}

  get waitingCount(): number {
    return this.waiting.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) {
      this.running += 1;
    } else {
      if (this.waiting.length >= this.maxWaiting) {
        throw new HttpError(503, 'busy', PHOTO_QUEUE_FULL, undefined, {
          'retry-after': String(this.retryAfterSeconds),
        });
      }
      // The finishing job hands its slot straight over, so `running` stays as it is.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.entered += 1;
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** One line per process: the limit is about this machine's CPU and memory. */
export const photoQueue = new PhotoQueue(1, 4);
