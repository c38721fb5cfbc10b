import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

export async function reportsRoutes(_app: FastifyInstance, _deps: AppDeps) {}
