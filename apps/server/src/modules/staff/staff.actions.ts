import {
  AdminAuditDataSchema,
  AdminAuditPayloadSchema,
  AdminNotifyDataSchema,
  AdminNotifyPayloadSchema,
  AdminStaffCreateDataSchema,
  AdminStaffCreatePayloadSchema,
  AdminStaffDataSchema,
  AdminStaffDisableDataSchema,
  AdminStaffDisablePayloadSchema,
  AdminStaffPayloadSchema,
  AdminStaffTotpResetPayloadSchema,
  StaffRowSchema,
  TotpConfirmDataSchema,
  TotpConfirmPayloadSchema,
  TotpSetupDataSchema,
  TotpSetupPayloadSchema,
} from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { sendMemberNotification } from './member-notify.service.ts';
import { createStaff, listAudit, listStaff, resetStaffTotp, setStaffDisabled } from './staff.service.ts';
import { beginTotpSetup, confirmTotp } from '../auth/totp.service.ts';

/** Staff two-factor enrolment, staff accounts and the audit log (docs/decisions/015-staff-roles-and-totp.md). */
export const staffActions = [
  defineAction({
    name: 'totpsetup',
    summary: 'Staff: a new authenticator secret and its otpauth URI (for the QR code); replaced until confirmed.',
    methods: ['POST'],
    access: 'support',
    isTotpEnrolment: true,
    payload: TotpSetupPayloadSchema,
    data: TotpSetupDataSchema,
    rateLimit: { perMinute: 10 },
    handler: async (ctx) => ({
      msg: 'Scan the QR code, then enter the code it shows',
      data: await beginTotpSetup(ctx.deps, ctx.member),
    }),
  }),
  defineAction({
    name: 'totpconfirm',
    summary: 'Staff: a current authenticator code turns two-factor sign-in on; answers one-time recovery codes (shown once).',
    methods: ['POST'],
    access: 'support',
    isTotpEnrolment: true,
    payload: TotpConfirmPayloadSchema,
    data: TotpConfirmDataSchema,
    rateLimit: { perMinute: 10 },
    handler: async (ctx) => ({
      msg: 'Two-factor sign-in is on',
      data: await confirmTotp(ctx.deps, { member: ctx.member, code: ctx.payload.code, ip: ctx.ip }),
    }),
  }),
  defineAction({
    name: 'adminstaff',
    summary: 'Staff accounts (support and operator), newest first, paged.',
    methods: ['GET'],
    access: 'operator',
    payload: AdminStaffPayloadSchema,
    data: AdminStaffDataSchema,
    handler: async (ctx) => ({ msg: 'Staff loaded', data: await listStaff(ctx.deps, ctx.payload) }),
  }),
  defineAction({
    name: 'adminstaffcreate',
    summary: 'Create a support or operator account; it turns on two-factor sign-in at its first sign-in.',
    methods: ['POST'],
    access: 'operator',
    payload: AdminStaffCreatePayloadSchema,
    data: AdminStaffCreateDataSchema,
    handler: async (ctx) => ({
      msg: 'Staff account created',
      data: await createStaff(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction({
    name: 'adminstaffdisable',
    summary: 'Disable a staff account (its sessions end at once) or enable it again.',
    methods: ['POST'],
    access: 'operator',
    payload: AdminStaffDisablePayloadSchema,
    data: AdminStaffDisableDataSchema,
    handler: async (ctx) => {
      const row = await setStaffDisabled(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip });
      return { msg: row.is_disabled ? 'Staff account disabled' : 'Staff account enabled', data: row };
    },
  }),
  defineAction({
    name: 'adminstafftotpreset',
    summary: "Turn off a staff account's two-factor sign-in (lost phone and codes); it enrols again at its next sign-in.",
    methods: ['POST'],
    access: 'operator',
    payload: AdminStaffTotpResetPayloadSchema,
    data: StaffRowSchema,
    handler: async (ctx) => ({
      msg: 'Two-factor sign-in reset; the account enrols again at its next sign-in',
      data: await resetStaffTotp(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction({
    name: 'adminnotify',
    summary: 'Send one member a notification (shown as a toast and on their notifications page); audited.',
    methods: ['POST'],
    access: 'support',
    payload: AdminNotifyPayloadSchema,
    data: AdminNotifyDataSchema,
    handler: async (ctx) => ({
      msg: 'Notification sent',
      data: await sendMemberNotification(ctx.deps, { ...ctx.payload, staffId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction({
    name: 'adminaudit',
    summary: 'The audit log, newest first: filter by staff member, action, member and dates; each entry has before and after.',
    methods: ['GET'],
    access: 'operator',
    payload: AdminAuditPayloadSchema,
    data: AdminAuditDataSchema,
    handler: async (ctx) => ({ msg: 'Audit log loaded', data: await listAudit(ctx.deps, ctx.payload) }),
  }),
];
