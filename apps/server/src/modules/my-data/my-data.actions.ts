import { defineAction } from '../../http/action.ts';
import { cancelClosure, completeClosureByOperator, findMyClosure, listClosures, requestClosure } from './closure.service.ts';
import { changePhone, confirmEmailChange, requestEmailChange } from './contact.service.ts';
import { buildStatement, buildStatementCsv, exportMemberData } from './my-data.service.ts';

/** A member's own data (decision 040): export, statement, contact corrections and closing the account. */
export const myDataActions = [
  defineAction('mydata', {
    rateLimit: { perMinute: 6 },
    handler: async ({ deps, member, payload, ip }) => ({
      msg: 'Your data is ready',
      data: await exportMemberData(deps, { memberId: member.id, format: payload.format, ip }),
    }),
  }),
  defineAction('statement', {
    rateLimit: { perMinute: 30 },
    handler: async ({ deps, member, payload }) => ({
      msg: 'Statement loaded',
      data: await buildStatement(deps, { memberId: member.id, from: payload.from, to: payload.to }),
    }),
  }),
  defineAction('statementcsv', {
    rateLimit: { perMinute: 30 },
    handler: async ({ deps, member, payload }) => ({
      msg: 'Statement ready',
      data: await buildStatementCsv(deps, { memberId: member.id, from: payload.from, to: payload.to }),
    }),
  }),
  defineAction('changeemail', {
    rateLimit: { perMinute: 5, isShared: true },
    handler: async ({ deps, member, payload, ip }) => ({
      msg: 'We sent a confirmation link to your new email. Open it to finish the change.',
      data: await requestEmailChange(deps, { memberId: member.id, email: payload.email, password: payload.password, ip }),
    }),
  }),
  defineAction('confirmemail', {
    rateLimit: { perMinute: 20 },
    handler: async ({ deps, payload, ip }) => ({
      msg: 'Your email has been changed',
      data: await confirmEmailChange(deps, { token: payload.token, ip }),
    }),
  }),
  defineAction('changephone', {
    rateLimit: { perMinute: 5, isShared: true },
    handler: async ({ deps, member, payload, ip }) => ({
      msg: 'We sent a code by SMS to your new phone. Enter it to finish the change.',
      data: await changePhone(deps, { memberId: member.id, phone: payload.phone, password: payload.password, ip }),
    }),
  }),
  defineAction('closeaccount', {
    rateLimit: { perMinute: 5, isShared: true },
    handler: async ({ deps, member, payload, ip }) => ({
      msg: 'Your request to close your account has been received',
      data: await requestClosure(deps, { memberId: member.id, password: payload.password, ip }),
    }),
  }),
  defineAction('cancelclose', {
    handler: async ({ deps, member, ip }) => ({
      msg: 'Your account will stay open',
      data: await cancelClosure(deps, { memberId: member.id, ip }),
    }),
  }),
  defineAction('myclosure', {
    handler: async ({ deps, member }) => ({
      msg: 'Closure request loaded',
      data: { closure: await findMyClosure(deps, member.id) },
    }),
  }),
  defineAction('adminclosures', {
    handler: async ({ deps, payload }) => ({ msg: 'Closure requests loaded', data: await listClosures(deps, payload) }),
  }),
  defineAction('admincompleteclosure', {
    handler: async ({ deps, member, payload, ip }) => ({
      msg: 'The account has been closed',
      data: await completeClosureByOperator(deps, { id: payload.id, operatorId: member.id, ip }),
    }),
  }),
];
