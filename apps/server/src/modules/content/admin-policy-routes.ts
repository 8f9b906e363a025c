// The back office's policy texts and store settings under /api/admin: read for editing and saved
// against the loaded version (409 when changed meanwhile). Admin only (401/403) on every route.
import { AdminPolicy, AdminSettings, PolicyEdit, SettingsEdit } from '@spice/shared/contracts/admin';
import { ErrorBody } from '@spice/shared/contracts/common';
import { PolicyKindParam } from '@spice/shared/contracts/content';
import * as z from '@spice/shared/contracts/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';

const tags = ['admin'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const adminPolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, content, contentEditing } = app.services;
  neverCache(app);

  app.get(
    '/admin/policies',
    {
      schema: {
        tags,
        summary: 'The four policy texts with their versions, for editing',
        response: { 200: z.array(AdminPolicy), ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return content.adminPolicies();
    },
  );

  app.put(
    '/admin/policies/:kind',
    {
      onRequest: async (request) => {
        await requireAdmin(request, accounts);
      },
      schema: {
        tags,
        summary: 'Change a policy text (version as loaded; 409 when it changed meanwhile)',
        params: PolicyKindParam,
        body: PolicyEdit,
        response: { 200: AdminPolicy, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request, accounts);
      return contentEditing.updatePolicy(admin, request.params.kind, request.body);
    },
  );

  app.get(
    '/admin/settings',
    {
      schema: {
        tags,
        summary: 'Store name, title and description with their version, for editing',
        response: { 200: AdminSettings, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      const settings = await content.adminSettings();
      if (!settings) throw new AppError('notFound', 'Store settings not found.');
      return settings;
    },
  );

  app.put(
    '/admin/settings',
    {
      onRequest: async (request) => {
        await requireAdmin(request, accounts);
      },
      schema: {
        tags,
        summary:
          'Change the store name, title and description (version as loaded; 409 when it changed meanwhile)',
        body: SettingsEdit,
        response: { 200: AdminSettings, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request, accounts);
      return contentEditing.updateSettings(admin, request.body);
    },
  );
};
