import { TASK_MESSAGES } from '@tuzo/contracts';
import { defineTexts } from '@/i18n';

/** The YouTube and TikTok task screens (spec part 2, "YouTube", "TikTok"). */
export const videosTexts = defineTexts('videos', {
  en: {
    available: 'Available on {days}. Watch a video for {seconds} seconds to earn its price into your {title} wallet.',
    and: 'and',
    loading: 'Loading…',
    view: 'View Available Videos',
    paid: 'Paid',
    notPaid: 'Not paid yet',
    play: 'Play {title}',
    loadFailed: TASK_MESSAGES.loadVideosFailed,
  },
  sw: {
    available:
      'Zinapatikana siku za {days}. Tazama video kwa sekunde {seconds} ili upate malipo yake kwenye pochi yako ya {title}.',
    and: 'na',
    loading: 'Inapakia…',
    view: 'Tazama Video Zilizopo',
    paid: 'Imelipwa',
    notPaid: 'Bado haijalipwa',
    play: 'Cheza {title}',
    loadFailed: 'Imeshindikana kupakia video',
  },
});
