import {
  ActivateDataSchema,
  AdminChangeUplineDataSchema,
  AdminChangeUplinePayloadSchema,
  AdminDepositDataSchema,
  AdminDeactivateDataSchema,
  AdminDepositPayloadSchema,
  AdminMemberActionPayloadSchema,
  AdminMemberDataSchema,
  AdminMemberHistoryDataSchema,
  AdminMemberHistoryPayloadSchema,
  AdminMemberPayloadSchema,
  AdminMemberPagePayloadSchema,
  AdminMembersDataSchema,
  AdminMembersPayloadSchema,
  AdminMemberStateDataSchema,
  AdminResetLinkDataSchema,
  AdminUpdateMemberPayloadSchema,
  isApprovalRequested,
  orApprovalRequest,
} from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { loadMemberHistory, loadMemberPage, searchMembers } from './admin-members.service.ts';
import { changeUplineOrRequest } from './upline-four-eyes.service.ts';
import { approvalRequestedAnswer } from '../approvals/approvals.service.ts';
import { recordOrRequestManualDeposit } from './manual-deposit.service.ts';
import {
  activateMemberFree,
  deactivateMemberByName,
  sendResetLink,
  signOutEverywhere,
  suspendMember,
  unsuspendMember,
  updateMember,
} from './member-changes.service.ts';

/**
 * The operator console's member screens. Support staff read (`adminmembers`, `adminmember`, `adminmemberhistory`);
 * every change is for operators and is audited in its own database transaction.
 */
export const adminMembersActions = [
  defineAction({
    name: 'adminmembers',
    summary:
      'Search members by username, phone or email (partial), filter by status, country and join date; newest first, paged.',
    methods: ['GET'],
    access: 'support',
    payload: AdminMembersPayloadSchema,
    data: AdminMembersDataSchema,
    handler: async (ctx) => ({ msg: 'Members loaded', data: await searchMembers(ctx.deps, ctx.payload) }),
  }),
  defineAction({
    name: 'adminmember',
    summary: "One member's details, wallets, upline chain, downline counts and open sessions.",
    methods: ['GET'],
    access: 'support',
    payload: AdminMemberPagePayloadSchema,
    data: AdminMemberDataSchema,
    handler: async (ctx) => ({ msg: 'Member loaded', data: await loadMemberPage(ctx.deps, ctx.payload.username) }),
  }),
  defineAction({
    name: 'adminmemberhistory',
    summary: "One of a member's lists (ledger, deposits, withdrawals, transfers), newest first, paged.",
    methods: ['GET'],
    access: 'support',
    payload: AdminMemberHistoryPayloadSchema,
    data: AdminMemberHistoryDataSchema,
    handler: async (ctx) => ({ msg: 'History loaded', data: await loadMemberHistory(ctx.deps, ctx.payload) }),
  }),
  defineAction({
    name: 'adminupdatemember',
    summary:
      "Edit a member's email or country (audited with the values before and after); a new phone, normalised, is a four-eyes request a second operator approves.",
    methods: ['POST'],
    access: 'operator',
    payload: AdminUpdateMemberPayloadSchema,
    data: AdminMemberStateDataSchema,
    handler: async (ctx) => {
      const data = await updateMember(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip });
      const msg = data.phone_approval_id
        ? `Member updated; the phone change waits for a second operator (request #${data.phone_approval_id})`
        : 'Member updated';
      return { msg, data };
    },
  }),
  defineAction({
    name: 'adminsuspend',
    summary: 'Suspend a member: they cannot sign in and every open session ends.',
    methods: ['POST'],
    access: 'operator',
    payload: AdminMemberActionPayloadSchema,
    data: AdminMemberStateDataSchema,
    handler: async (ctx) => ({
      msg: 'Member suspended',
      data: await suspendMember(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction({
    name: 'adminunsuspend',
    summary: 'Lift a suspension: the member is active again when their activation is live, else inactive.',
    methods: ['POST'],
    access: 'operator',
    payload: AdminMemberActionPayloadSchema,
    data: AdminMemberStateDataSchema,
    handler: async (ctx) => ({
      msg: 'Suspension lifted',
      data: await unsuspendMember(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction({
    name: 'adminsignout',
    summary: 'Sign a member out everywhere: every open session ends.',
    methods: ['POST'],
    access: 'operator',
    payload: AdminMemberActionPayloadSchema,
    data: AdminMemberStateDataSchema,
    handler: async (ctx) => ({
      msg: 'Member signed out everywhere',
      data: await signOutEverywhere(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction({
    name: 'adminresetlink',
    summary: 'Mail the member a one-time password reset link (valid 30 minutes).',
    methods: ['POST'],
    access: 'operator',
    payload: AdminMemberActionPayloadSchema,
    data: AdminResetLinkDataSchema,
    handler: async (ctx) => ({
      msg: 'Reset link sent',
      data: await sendResetLink(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction({
    name: 'admindeposit',
    summary:
      "Record a manual deposit (member's currency) with its receipt reference; credits the Deposit wallet once per reference. Above four_eyes_threshold it answers 202 with a request a second operator approves.",
    methods: ['POST'],
    access: 'operator',
    idempotent: true,
    payload: AdminDepositPayloadSchema,
    data: orApprovalRequest(AdminDepositDataSchema),
    handler: async (ctx) => {
      const data = await recordOrRequestManualDeposit(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip });
      if (isApprovalRequested(data)) return approvalRequestedAnswer(ctx.deps, data);
      return { msg: data.duplicate ? 'This deposit was already recorded' : 'Deposit recorded', data };
    },
  }),
  defineAction({
    name: 'adminchangeupline',
    summary:
      "Move a member under a new sponsor: their levels and their downline's shift, paid commissions move by ledger entries; a cycle is refused. Commissions it pays count in each credited member's 24-hour four-eyes window: above four_eyes_threshold it answers 202 with a request.",
    methods: ['POST'],
    access: 'operator',
    idempotent: true,
    payload: AdminChangeUplinePayloadSchema,
    data: orApprovalRequest(AdminChangeUplineDataSchema),
    handler: async (ctx) => {
      const data = await changeUplineOrRequest(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip });
      if (isApprovalRequested(data)) return approvalRequestedAnswer(ctx.deps, data);
      return { msg: 'Upline changed', data };
    },
  }),
  defineAction({
    name: 'adminactivate',
    summary: 'Activate a member for free (the fee is booked as an operator expense); uplines earn as usual.',
    methods: ['POST'],
    access: 'operator',
    idempotent: true,
    payload: AdminMemberPayloadSchema,
    data: ActivateDataSchema,
    handler: async (ctx) => ({
      msg: 'Member activated for free',
      data: await activateMemberFree(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction({
    name: 'admindeactivate',
    summary: 'Deactivate a member; the upline commissions are reversed by ledger entries.',
    methods: ['POST'],
    access: 'operator',
    idempotent: true,
    payload: AdminMemberPayloadSchema,
    data: AdminDeactivateDataSchema,
    handler: async (ctx) => ({
      msg: 'Member deactivated',
      data: await deactivateMemberByName(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
];
