import crypto from 'node:crypto';

export interface UploadFile {
  filename: string;
  contentType: string;
  data: Buffer;
  field?: string;
}

/**
 * A multipart/form-data body as a browser's FormData would send it. Fields as pairs may repeat
 * a name (`travel=pickup&travel=post`).
 */
export function multipart(
  fields: Record<string, string> | Array<[string, string]>,
  file?: UploadFile | UploadFile[],
) {
  const boundary = `----cultureshare${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Array.isArray(fields) ? fields : Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const one of file === undefined ? [] : Array.isArray(file) ? file : [file]) {
    const file = one;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'image'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
