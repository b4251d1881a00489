import { TASK_MESSAGES } from '@tuzo/contracts';
import { defineTexts } from '@/i18n';

/** Ads Promotion (spec part 2, "Ads"): "matangazo" in Swahili, also the Ads wallet's name. */
export const adsTexts = defineTexts('ads', {
  en: {
    title: 'Ads Promotion',
    description: 'Available on Sunday and Monday. Like or comment on an ad to earn into your Ads wallet.',
    view: 'View Available Ads',
    earned: 'Earned {amount}',
    liked: 'Liked',
    like: 'Like',
    comment: 'Comment',
    yourComment: 'Your comment',
    submit: 'Submit',
    likedToast: TASK_MESSAGES.liked,
    unlikedToast: TASK_MESSAGES.unliked,
    likeFailed: TASK_MESSAGES.likeFailed,
    commentFailed: TASK_MESSAGES.commentFailed,
    commentSubmitted: TASK_MESSAGES.commentSubmitted,
    enterComment: TASK_MESSAGES.enterComment,
    loadFailed: TASK_MESSAGES.loadAdsFailed,
  },
  sw: {
    title: 'Matangazo',
    description:
      'Yanapatikana Jumapili na Jumatatu. Penda au toa maoni kwenye tangazo ili upate pesa kwenye pochi yako ya Matangazo.',
    view: 'Tazama Matangazo Yaliyopo',
    earned: 'Umepata {amount}',
    liked: 'Umependa',
    like: 'Penda',
    comment: 'Toa maoni',
    yourComment: 'Maoni yako',
    submit: 'Tuma',
    likedToast: 'Umependa tangazo',
    unlikedToast: 'Umeacha kupenda tangazo',
    likeFailed: 'Imeshindikana kubadilisha kupenda',
    commentFailed: 'Imeshindikana kutuma maoni',
    commentSubmitted: 'Maoni yametumwa',
    enterComment: 'Tafadhali andika maoni',
    loadFailed: 'Imeshindikana kupakia matangazo',
  },
});
