import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

export async function startersRoutes(_app: FastifyInstance, _deps: AppDeps) {}
