import { AdResponseSchema, type AdItem } from '@tuzo/contracts';
import { Heart, MessageSquare } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useTexts } from '@/i18n';
import { isSessionExpired } from '@/lib/api-client';
import { usePayAds } from '../api/pay-ads';
import { adsTexts } from '../texts';

function parseResponse(data: string) {
  try {
    const parsed = AdResponseSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : { liked: false, message: '' };
  } catch {
    return { liked: false, message: '' };
  }
}

/** One ad: its image (text only, never HTML), like / unlike, and the comment box for an ad with no comment. */
export function AdCard({ ad }: { ad: AdItem }) {
  const response = parseResponse(ad.v_status.data);
  const [isCommentOpen, setCommentOpen] = useState(false);
  const pay = usePayAds();
  const t = useTexts(adsTexts);

  const toggleLike = () => {
    const liked = !response.liked;
    pay.mutate(
      { addId: ad.v_id, liked, message: '' },
      {
        onSuccess: () => void toast.success(liked ? t('likedToast') : t('unlikedToast')),
        onError: (error) => {
          if (!isSessionExpired(error)) toast.error(t('likeFailed'));
        },
      },
    );
  };
  const image = <img src={ad.v_url} alt={ad.v_name} loading="lazy" className="aspect-[8/5] w-full rounded-lg object-cover" />;
  return (
    <Card data-testid={`ad-${ad.No}`}>
      <CardContent className="flex flex-col gap-3 pt-4">
        {ad.v_link ? (
          <a href={ad.v_link} target="_blank" rel="noopener noreferrer nofollow">
            {image}
          </a>
        ) : (
          image
        )}
        <div className="flex items-center justify-between text-sm">
          <span className="font-semibold">{ad.v_name}</span>
          <span className="text-slate-600">{t('earned', { amount: ad.v_status.paid })}</span>
        </div>
        {response.message ? (
          <p className="rounded-md bg-slate-100 p-2 text-sm" data-testid="ad-comment">
            {response.message}
          </p>
        ) : null}
        <div className="flex gap-2">
          <Button
            variant={response.liked ? 'primary' : 'outline'}
            size="sm"
            onClick={toggleLike}
            disabled={pay.isPending}
            aria-pressed={response.liked}
          >
            <Heart /> {response.liked ? t('liked') : t('like')}
          </Button>
          {response.message ? null : (
            <Button
              variant="outline"
              size="sm"
              onClick={() => setCommentOpen((open) => !open)}
              disabled={ad.v_status.res || pay.isPending}
            >
              <MessageSquare /> {t('comment')}
            </Button>
          )}
        </div>
        {isCommentOpen && !response.message ? <CommentBox ad={ad} onSent={() => setCommentOpen(false)} /> : null}
      </CardContent>
    </Card>
  );
}

/** The comment box of an ad with no comment yet: an empty comment is refused here, before anything is sent. */
function CommentBox({ ad, onSent }: { ad: AdItem; onSent: () => void }) {
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const pay = usePayAds();
  const t = useTexts(adsTexts);
  const submitComment = () => {
    if (comment.trim() === '') {
      setCommentError(t('enterComment'));
      toast.error(t('enterComment'));
      return;
    }
    setCommentError(null);
    pay.mutate(
      { addId: ad.v_id, liked: false, message: comment },
      {
        onSuccess: () => {
          toast.success(t('commentSubmitted'));
          onSent();
        },
        onError: (error) => {
          if (!isSessionExpired(error)) toast.error(t('commentFailed'));
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-2">
      <label className="text-sm font-medium" htmlFor={`comment-${ad.v_id}`}>
        {t('yourComment')}
      </label>
      <textarea
        id={`comment-${ad.v_id}`}
        value={comment}
        maxLength={500}
        onChange={(event) => setComment(event.target.value)}
        className="min-h-20 rounded-lg border border-slate-300 p-2 text-sm"
      />
      {commentError ? <p className="text-sm text-red-700">{commentError}</p> : null}
      <Button size="sm" className="self-start" onClick={submitComment} disabled={pay.isPending}>
        {t('submit')}
      </Button>
    </div>
  );
}
