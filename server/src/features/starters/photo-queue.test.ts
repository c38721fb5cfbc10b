import { describe, expect, it } from 'vitest';
import { HttpError } from '../../errors';
import { PhotoQueue } from './photo-queue';

/** A job that runs until released, so the test decides when work ends. */
function heldJob() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { run: () => done, release };
}

describe('PhotoQueue', () => {
  it('runs a bounded number of jobs, lets a short line wait and refuses beyond it with 503', async () => {
    const queue = new PhotoQueue(1, 2, 7);
    const jobs = [heldJob(), heldJob(), heldJob()];
    const running = jobs.map((job) => queue.run(job.run));
    expect(queue.entered).toBe(1);
    expect(queue.waitingCount).toBe(2);

    const refused = await queue.run(async () => 'never').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(503);
    expect((refused as HttpError).headers?.['retry-after']).toBe('7');
    expect(queue.entered).toBe(1);

    jobs[0]!.release();
    await running[0];
    expect(queue.entered).toBe(2);
    expect(queue.waitingCount).toBe(1);
    jobs[1]!.release();
    jobs[2]!.release();
    await Promise.all(running);
    expect(queue.entered).toBe(3);
    // With the line empty again, new work is taken.
    expect(await queue.run(async () => 'taken')).toBe('taken');
  });

  it('frees the slot when a job fails', async () => {
    const queue = new PhotoQueue(1, 0);
    await expect(queue.run(() => Promise.reject(new Error('bad photo')))).rejects.toThrow();
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
