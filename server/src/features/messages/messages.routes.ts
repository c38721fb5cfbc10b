import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

export async function messagesRoutes(_app: FastifyInstance, _deps: AppDeps) {}
