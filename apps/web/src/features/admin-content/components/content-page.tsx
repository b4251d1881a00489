import { useSearchParams } from 'react-router';
import { OperatorOnly } from '@/components/operator-only';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { AdsTab } from './ads-tab';
import { LessonsTab } from './lessons-tab';
import { NotifyForm } from './notify-form';
import { TimetableTab } from './timetable-tab';
import { TriviaBank } from './trivia-bank';
import { VideosTab } from './videos-tab';

const TABS = [
  { id: 'trivia', label: 'Trivia' },
  { id: 'videos', label: 'Videos' },
  { id: 'ads', label: 'Ads' },
  { id: 'timetable', label: 'Timetable' },
  { id: 'lessons', label: 'Lessons' },
  { id: 'notify', label: 'Notify' },
] as const;
const isTabId = (value: string | null): value is TabId => TABS.some((item) => item.id === value);
type TabId = (typeof TABS)[number]['id'];

/**
 * Content (/admin/content): the trivia bank, videos, ads, the timetable, lessons and notifications (to a member, a
 * country or everyone). The tab is in the address (`?tab=notify`) so a reload or a shared link opens the same one.
 */
export function ContentPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabId = isTabId(requested) ? requested : 'trivia';
  const select = (next: TabId) => setParams(next === 'trivia' ? {} : { tab: next });
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold text-slate-900">Content</h1>
      <div role="tablist" aria-label="Content" className="flex gap-1 border-b border-slate-200">
        {TABS.map((item, index) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`content-tab-${item.id}`}
            aria-selected={tab === item.id}
            aria-controls={`content-panel-${item.id}`}
            tabIndex={tab === item.id ? 0 : -1}
            onClick={() => select(item.id)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
              const next = TABS[(index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length]!;
              select(next.id);
              document.getElementById(`content-tab-${next.id}`)?.focus();
            }}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${tab === item.id ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`content-panel-${tab}`} aria-labelledby={`content-tab-${tab}`}>
        {tab === 'trivia' ? <TriviaBank /> : null}
        {tab === 'videos' ? <VideosTab /> : null}
        {tab === 'ads' ? <AdsTab /> : null}
        {tab === 'timetable' ? <TimetableTab /> : null}
        {tab === 'lessons' ? <LessonsTab /> : null}
        {tab === 'notify' ? (
          <Card>
            <CardHeader>
              <CardTitle>Send a notification</CardTitle>
            </CardHeader>
            <CardContent>
              <OperatorOnly
                fallback={
                  <p className="text-sm text-slate-700">Notifications to a country or to everyone are sent by operators.</p>
                }
              >
                <NotifyForm />
              </OperatorOnly>
            </CardContent>
          </Card>
        ) : null}
      </div>
    </div>
  );
}
