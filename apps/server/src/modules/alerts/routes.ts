// The owner's alerts' API: each staff member reads and saves their own alert preference (admin
// only: 401 signed out, 403 for shoppers).
import { ErrorBody } from '@spice/shared/contracts/common';
import { AlertPreference, AlertPreferenceInput } from '@spice/shared/contracts/owner-alerts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin } from '../../plugins/auth.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

export const adminAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, alerts } = app.services;
  neverCache(app);

  app.get(
    '/admin/alert-preferences',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Your own alerts: channels, language, which alerts and the new-order digest (defaults until saved), with the channels the shop can send on and the quiet hours WhatsApp waits out',
        response: { 200: AlertPreference, ...errors },
      },
    },
    async (request) => alerts.preference(await requireAdmin(request, accounts)),
  );

  app.put(
    '/admin/alert-preferences',
    {
      onRequest: async (request) => {
        await requireAdmin(request, accounts);
      },
      schema: {
        tags: ['admin'],
        summary: 'Save your own alert preference',
        body: AlertPreferenceInput,
        response: { 200: AlertPreference, ...errors },
      },
    },
    async (request) => alerts.savePreference(await requireAdmin(request, accounts), request.body),
  );
};
