// The back office's checkout settings under /api/admin/checkout-settings: the platform fee and the
// shipping milestones, read for editing and saved against the loaded version. Admin only (401/403).
import { AdminCheckoutSettings, CheckoutSettingsEdit } from '@spice/shared/contracts/admin';
import { ErrorBody } from '@spice/shared/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';

const tags = ['admin'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const adminCheckoutSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, checkout, checkoutAdmin } = app.services;
  neverCache(app);

  app.get(
    '/admin/checkout-settings',
    {
      schema: {
        tags,
        summary: 'Platform fee and shipping milestones (rupees) with their version, for editing',
        response: { 200: AdminCheckoutSettings, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      const settings = await checkout.adminSettings();
      if (!settings) throw new AppError('notFound', 'Checkout settings not found.');
      return settings;
    },
  );

  app.put(
    '/admin/checkout-settings',
    {
      onRequest: async (request) => {
        await requireAdmin(request, accounts);
      },
      schema: {
        tags,
        summary:
          'Save the platform fee and the whole milestone list (version as loaded; 409 when changed meanwhile)',
        body: CheckoutSettingsEdit,
        response: { 200: AdminCheckoutSettings, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request, accounts);
      return checkoutAdmin.updateCheckoutSettings(admin, request.body);
    },
  );
};
