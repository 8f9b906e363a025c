// The store team under /api/admin/staff (issue 41): the owner's alone (staff.manage in the one
// operation → permission table, checked before validation). Invite, change role, remove.
import { ErrorBody } from '@spice/shared/contracts/common';
import {
  StaffInvite,
  StaffList,
  StaffMember,
  StaffRoleChange,
  StaffSettings,
  StaffSettingsInput,
  StaffUserIdParam,
} from '@spice/shared/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin } from '../../plugins/auth.ts';

const tags = ['admin'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const adminStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, staff } = app.services;
  neverCache(app);

  app.get(
    '/admin/staff',
    {
      schema: {
        tags,
        summary: 'The store team: each member with role and permissions, and the support refund limit',
        response: { 200: StaffList, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return staff.list();
    },
  );

  app.post(
    '/admin/staff',
    {
      schema: {
        tags,
        summary: 'Invite by mobile and name with a role: the invitee signs in with the usual OTP',
        description:
          'A number without an account gets one (the name given). 409 when the number is staff already.',
        body: StaffInvite,
        response: { 201: StaffMember, ...errors },
      },
    },
    async (request, reply) => {
      const owner = await requireAdmin(request, accounts);
      return reply.code(201).send(await staff.invite(owner, request.body));
    },
  );

  app.put(
    '/admin/staff/:userId',
    {
      schema: {
        tags,
        summary: "Change a staff member's role (409 for the last owner)",
        params: StaffUserIdParam,
        body: StaffRoleChange,
        response: { 200: StaffMember, ...errors },
      },
    },
    async (request) => {
      const owner = await requireAdmin(request, accounts);
      return staff.changeRole(owner, request.params.userId, request.body.role);
    },
  );

  app.delete(
    '/admin/staff/:userId',
    {
      schema: {
        tags,
        summary:
          'Remove from the team: back to a shopper, every session ends at once (409 for the last owner)',
        params: StaffUserIdParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const owner = await requireAdmin(request, accounts);
      await staff.remove(owner, request.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/staff-settings',
    {
      schema: {
        tags,
        summary: 'The most a SUPPORT member may refund at once (rupees)',
        response: { 200: StaffSettings, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return staff.settings();
    },
  );

  app.put(
    '/admin/staff-settings',
    {
      schema: {
        tags,
        summary: 'Set the most a SUPPORT member may refund at once (rupees; 0: none)',
        body: StaffSettingsInput,
        response: { 200: StaffSettings, ...errors },
      },
    },
    async (request) => {
      const owner = await requireAdmin(request, accounts);
      return staff.saveSettings(owner, request.body);
    },
  );
};
