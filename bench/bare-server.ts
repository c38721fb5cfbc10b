/** A bare Fastify route answering the bytes in BODY_FILE: the ceiling for this machine. */
import fs from 'node:fs';
import Fastify from 'fastify';

const body = fs.readFileSync(process.env.BODY_FILE!, 'utf8');
const app = Fastify({ logger: false });
app.get('/bare', async (_req, reply) => reply.type('application/json').send(body));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
