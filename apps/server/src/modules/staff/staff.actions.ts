import { defineAction } from '../../http/action.ts';
import { sendMemberNotification } from './member-notify.service.ts';
import { approvalRequestedAnswer, readFourEyesStatus } from '../approvals/index.ts';
import { enrolStaff, issueEnrolmentByOperator, readEnrolment } from './staff-enrolment.service.ts';
import {
  listAudit,
  listStaff,
  requestStaffCreate,
  requestStaffDisabled,
  requestStaffRole,
  requestStaffTotpReset,
} from './staff.service.ts';
import { beginTotpSetup, confirmTotp } from '../auth/index.ts';

/** Staff two-factor enrolment, staff accounts and the audit log (docs/decisions/015-staff-roles-and-totp.md). */
export const staffActions = [
  defineAction('totpsetup', {
    isTotpEnrolment: true,
    rateLimit: { perMinute: 10 },
    handler: async (ctx) => ({
      msg: 'Scan the QR code, then enter the code it shows',
      data: await beginTotpSetup(ctx.deps, ctx.member),
    }),
  }),
  defineAction('totpconfirm', {
    isTotpEnrolment: true,
    rateLimit: { perMinute: 10 },
    handler: async (ctx) => ({
      msg: 'Two-factor sign-in is on',
      data: await confirmTotp(ctx.deps, { member: ctx.member, code: ctx.payload.code, ip: ctx.ip }),
    }),
  }),
  defineAction('adminstaff', {
    handler: async (ctx) => ({ msg: 'Staff loaded', data: await listStaff(ctx.deps, ctx.payload) }),
  }),
  defineAction('adminstaffcreate', {
    handler: async (ctx) =>
      approvalRequestedAnswer(
        ctx.deps,
        await requestStaffCreate(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
      ),
  }),
  defineAction('adminstaffdisable', {
    handler: async (ctx) =>
      approvalRequestedAnswer(
        ctx.deps,
        await requestStaffDisabled(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
      ),
  }),
  defineAction('adminstaffrole', {
    handler: async (ctx) =>
      approvalRequestedAnswer(
        ctx.deps,
        await requestStaffRole(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
      ),
  }),
  defineAction('adminstafftotpreset', {
    handler: async (ctx) =>
      approvalRequestedAnswer(
        ctx.deps,
        await requestStaffTotpReset(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
      ),
  }),
  defineAction('adminstaffenrolment', {
    handler: async (ctx) => ({
      msg: 'Hand this link to the new staff member: it works once',
      data: await issueEnrolmentByOperator(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction('adminfoureyes', {
    handler: async (ctx) => ({ msg: 'Four-eyes status loaded', data: await readFourEyesStatus(ctx.deps) }),
  }),
  defineAction('staffenrolment', {
    rateLimit: { perMinute: 30 },
    handler: async (ctx) => ({ msg: 'Enrolment link checked', data: await readEnrolment(ctx.deps, ctx.payload.token) }),
  }),
  defineAction('staffenrol', {
    rateLimit: { perMinute: 30 },
    handler: async (ctx) => ({
      msg: 'Password set: sign in now and scan the QR code with your authenticator app',
      data: await enrolStaff(ctx.deps, { ...ctx.payload, ip: ctx.ip }),
    }),
  }),
  defineAction('adminnotify', {
    handler: async (ctx) => ({
      msg: 'Notification sent',
      data: await sendMemberNotification(ctx.deps, { ...ctx.payload, staffId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction('adminaudit', {
    handler: async (ctx) => ({ msg: 'Audit log loaded', data: await listAudit(ctx.deps, ctx.payload) }),
  }),
];
