import { isApprovalRequested } from '@tuzo/contracts';
import { defineAction } from '../../http/action.ts';
import { loadMemberHistory, loadMemberPage, searchMembers } from './admin-members.service.ts';
import { changeUplineOrRequest } from './upline-four-eyes.service.ts';
import { approvalRequestedAnswer } from '../approvals/index.ts';
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
  defineAction('adminmembers', {
    handler: async (ctx) => ({ msg: 'Members loaded', data: await searchMembers(ctx.deps, ctx.payload) }),
  }),
  defineAction('adminmember', {
    handler: async (ctx) => ({ msg: 'Member loaded', data: await loadMemberPage(ctx.deps, ctx.payload.username) }),
  }),
  defineAction('adminmemberhistory', {
    handler: async (ctx) => ({ msg: 'History loaded', data: await loadMemberHistory(ctx.deps, ctx.payload) }),
  }),
  defineAction('adminupdatemember', {
    handler: async (ctx) => {
      const data = await updateMember(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip });
      const msg = data.phone_approval_id
        ? `Member updated; the phone change waits for a second operator (request #${data.phone_approval_id})`
        : 'Member updated';
      return { msg, data };
    },
  }),
  defineAction('adminsuspend', {
    handler: async (ctx) => ({
      msg: 'Member suspended',
      data: await suspendMember(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction('adminunsuspend', {
    handler: async (ctx) => ({
      msg: 'Suspension lifted',
      data: await unsuspendMember(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction('adminsignout', {
    handler: async (ctx) => ({
      msg: 'Member signed out everywhere',
      data: await signOutEverywhere(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction('adminresetlink', {
    handler: async (ctx) => ({
      msg: 'Reset link sent',
      data: await sendResetLink(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction('admindeposit', {
    handler: async (ctx) => {
      const data = await recordOrRequestManualDeposit(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip });
      if (isApprovalRequested(data)) return approvalRequestedAnswer(ctx.deps, data);
      return { msg: data.duplicate ? 'This deposit was already recorded' : 'Deposit recorded', data };
    },
  }),
  defineAction('adminchangeupline', {
    handler: async (ctx) => {
      const data = await changeUplineOrRequest(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip });
      if (isApprovalRequested(data)) return approvalRequestedAnswer(ctx.deps, data);
      return { msg: 'Upline changed', data };
    },
  }),
  defineAction('adminactivate', {
    handler: async (ctx) => ({
      msg: 'Member activated for free',
      data: await activateMemberFree(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
  defineAction('admindeactivate', {
    handler: async (ctx) => ({
      msg: 'Member deactivated',
      data: await deactivateMemberByName(ctx.deps, { ...ctx.payload, operatorId: ctx.member.id, ip: ctx.ip }),
    }),
  }),
];
