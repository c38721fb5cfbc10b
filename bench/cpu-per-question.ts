/**
 * CPU the server process spends per uncached browse question: warms it on 300 questions, then
 * asks never-repeated ones at 50 connections and reads the process's CPU time from /proc
 * before and after. Start the server yourself (under `node --cpu-prof` to see where the time
 * goes) on a database `npm run bench` seeded:
 *   PORT=… SERVER_PID=… [SECS=10] node --import tsx bench/cpu-per-question.ts
 */
import fs from 'node:fs';
import { load } from './load';
import { browseQuestions } from './questions';
import { gazetteerPlaces } from './seed';
const port = Number(process.env.PORT);
const pid = Number(process.env.SERVER_PID);
const cpu = () => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, in clock ticks of 10 ms.
  return (Number(f[11]) + Number(f[12])) * 10;
};
const places = gazetteerPlaces(420);
await load(port, browseQuestions(300, places, 99), { connections: 10, seconds: 3, once: true });
const qs = browseQuestions(20_000, places, 11);
const c0 = cpu();
const r = await load(port, qs, {
  connections: 50,
  seconds: Number(process.env.SECS ?? 10),
  once: true,
});
const c1 = cpu();
console.log(
  `${r.requests} questions, ${r.rps.toFixed(0)} req/s, p99 ${r.p99.toFixed(0)} ms; ` +
    `server CPU ${c1 - c0} ms = ${((c1 - c0) / r.requests).toFixed(2)} ms a question`,
);
