/** A bare Fastify route answering the bytes in BODY_FILE (a JSON array of bodies): the ceiling. */
import fs from 'node:fs';
import Fastify from 'fastify';

const bodies = JSON.parse(fs.readFileSync(process.env.BODY_FILE!, 'utf8')) as string[];
const app = Fastify({ logger: false });
app.get<{ Params: { i: string } }>('/bare/:i', async (req, reply) =>
  reply.type('application/json').send(bodies[Number(req.params.i) % bodies.length]),
);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
