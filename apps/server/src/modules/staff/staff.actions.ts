import {
  AdminAuditDataSchema,
  AdminAuditPayloadSchema,
  AdminNotifyDataSchema,
  AdminNotifyPayloadSchema,
  AdminFourEyesDataSchema,
  AdminFourEyesPayloadSchema,
  AdminStaffCreatePayloadSchema,
  AdminStaffDataSchema,
  AdminStaffDisablePayloadSchema,
  AdminStaffEnrolmentLinkDataSchema,
  AdminStaffPayloadSchema,
  AdminStaffRolePayloadSchema,
  AdminStaffTotpResetPayloadSchema,
  ApprovalRequestedDataSchema,
  StaffEnrolDataSchema,
  StaffEnrolmentDataSchema,
  StaffEnrolmentPayloadSchema,
  StaffEnrolPayloadSchema,
  TotpConfirmDataSchema,
  TotpConfirmPayloadSchema,
  TotpSetupDataSchema,
  TotpSetupPayloadSchema,
} from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { sendMemberNotification } from './member-notify.service.ts';
import { approvalRequestedAnswer } from '../approvals/approvals.service.ts';
import { readFourEyesStatus } from '../approvals/change-requests.ts';
import { enrolStaff, issueEnrolmentByOperator, readEnrolment } from './staff-enrolment.service.ts';
import {
  listAudit,
  listStaff,
  requestStaffCreate,
  requestStaffDisabled,
  requestStaffRole,
  requestStaffTotpReset,
} from './staff.service.ts';
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
    summary:
      'Ask for a new support or operator account (202): it exists once a second operator approves; it then sets its own password with a one-time link and enrols its authenticator at its first sign-in.',
    methods: ['POST'],
    access: 'operator',
    payload: AdminStaffCreatePayloadSchema,
    data: ApprovalRequestedDataSchema,
    handler: async (ctx) =>
      approvalRequestedAnswer(
        ctx.deps,
        await requestStaffCreate(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
      ),
  }),
  defineAction({
    name: 'adminstaffdisable',
    summary: 'Ask to disable a staff account (its sessions end) or enable it again (202): a second operator approves.',
    methods: ['POST'],
    access: 'operator',
    payload: AdminStaffDisablePayloadSchema,
    data: ApprovalRequestedDataSchema,
    handler: async (ctx) =>
      approvalRequestedAnswer(
        ctx.deps,
        await requestStaffDisabled(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
      ),
  }),
  defineAction({
    name: 'adminstaffrole',
    summary: "Ask to change a staff account's role (202): a second operator approves; its sessions end.",
    methods: ['POST'],
    access: 'operator',
    payload: AdminStaffRolePayloadSchema,
    data: ApprovalRequestedDataSchema,
    handler: async (ctx) =>
      approvalRequestedAnswer(
        ctx.deps,
        await requestStaffRole(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
      ),
  }),
  defineAction({
    name: 'adminstafftotpreset',
    summary:
      "Ask to turn off a staff account's two-factor sign-in (lost phone and codes) (202): once a second operator approves, it enrols again at its next sign-in.",
    methods: ['POST'],
    access: 'operator',
    payload: AdminStaffTotpResetPayloadSchema,
    data: ApprovalRequestedDataSchema,
    handler: async (ctx) =>
      approvalRequestedAnswer(
        ctx.deps,
        await requestStaffTotpReset(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
      ),
  }),
  defineAction({
    name: 'adminstaffenrolment',
    summary:
      'A fresh one-time enrolment link for a new staff account that has not set its password, for the operator who asked for it or the one who approved it, to hand over.',
    methods: ['POST'],
    access: 'operator',
    payload: AdminStaffTotpResetPayloadSchema,
    data: AdminStaffEnrolmentLinkDataSchema,
    handler: async (ctx) => ({
      msg: 'Hand this link to the new staff member: it works once',
      data: await issueEnrolmentByOperator(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction({
    name: 'adminfoureyes',
    summary: 'How many operators can approve requests, and whether four-eyes can work (two or more); the console shows it.',
    methods: ['GET'],
    access: 'support',
    payload: AdminFourEyesPayloadSchema,
    data: AdminFourEyesDataSchema,
    handler: async (ctx) => ({ msg: 'Four-eyes status loaded', data: await readFourEyesStatus(ctx.deps) }),
  }),
  defineAction({
    name: 'staffenrolment',
    summary: 'Which staff account a one-time enrolment link is for (username, role, expiry).',
    methods: ['GET'],
    access: 'public',
    payload: StaffEnrolmentPayloadSchema,
    data: StaffEnrolmentDataSchema,
    rateLimit: { perMinute: 30 },
    handler: async (ctx) => ({ msg: 'Enrolment link checked', data: await readEnrolment(ctx.deps, ctx.payload.token) }),
  }),
  defineAction({
    name: 'staffenrol',
    summary: 'A new staff member sets their own password with their one-time enrolment link; then they sign in and enrol TOTP.',
    methods: ['POST'],
    access: 'public',
    payload: StaffEnrolPayloadSchema,
    data: StaffEnrolDataSchema,
    rateLimit: { perMinute: 30 },
    handler: async (ctx) => ({
      msg: 'Password set: sign in now and scan the QR code with your authenticator app',
      data: await enrolStaff(ctx.deps, { ...ctx.payload, ip: ctx.ip }),
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
