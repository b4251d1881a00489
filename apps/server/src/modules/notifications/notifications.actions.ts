import { defineAction } from '../../http/action.ts';
import { localiseNotification } from '../../http/message-language.ts';
import { listNotifications, readNotifications } from './notifications.service.ts';

export const notificationsActions = [
  defineAction('notifications', {
    handler: async (ctx) => {
      const page = await listNotifications(ctx.deps, {
        memberId: ctx.member.id,
        page: ctx.payload.page,
        limit: ctx.payload.limit,
      });
      // Stored in English (the spec's texts); shown in the member's language, an operator's own words as written.
      const items = page.items.map((item) => ({
        ...item,
        msg: localiseNotification(ctx.request, item.msg, ctx.member.language),
      }));
      const data = { ...page, items };
      return { msg: data.items.length === 0 ? 'No notifications' : 'Notifications loaded', data };
    },
  }),
  defineAction('readnotifications', {
    handler: async (ctx) => {
      const data = await readNotifications(ctx.deps, { memberId: ctx.member.id, ids: ctx.payload.ids });
      return { msg: data.marked === 1 ? '1 notification marked as read' : `${data.marked} notifications marked as read`, data };
    },
  }),
];
