// The job queue in the back office: admin only (401 logged out, 403 for shoppers).
import { AdminJob, AdminJobPage, AdminJobsQuery, JobIdParam } from '@spice/shared/contracts/admin-jobs';
import { ErrorBody } from '@spice/shared/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin } from '../../plugins/auth.ts';

export const adminJobRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, jobsAdmin } = app.services;
  neverCache(app);
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

  app.get(
    '/admin/jobs',
    {
      schema: {
        tags: ['admin'],
        summary: 'Background jobs, most recently changed first, with their last error (status filters)',
        querystring: AdminJobsQuery,
        response: { 200: AdminJobPage, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return jobsAdmin.list(request.query);
    },
  );

  app.post(
    '/admin/jobs/:id/retry',
    {
      // Logged out or a shopper is refused before anything is validated.
      onRequest: async (request) => {
        await requireAdmin(request, accounts);
      },
      schema: {
        tags: ['admin'],
        summary: 'Runs a failed (dead) job again with a fresh set of attempts (audited)',
        params: JobIdParam,
        response: { 200: AdminJob, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request, accounts);
      return jobsAdmin.retry(admin, request.params.id);
    },
  );
};
