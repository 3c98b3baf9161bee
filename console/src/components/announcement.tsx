import { useEffect } from 'preact/hooks';
import { useT } from '../i18n/index.js';
import { announcementStore, dismissAnnouncement } from '../lib/announce.js';
import { useStore } from '../lib/store.js';

/** Long enough to read a sentence twice; it can be closed sooner. */
const SHOWN_MS = 12_000;

/** The confirmation of the last action (lib/announce.ts), read out by screen readers as it appears. */
export function Announcement() {
  const t = useT();
  const current = useStore(announcementStore);
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => {
      if (announcementStore.get()?.id === current.id) dismissAnnouncement();
    }, SHOWN_MS);
    return () => clearTimeout(timer);
  }, [current?.id]);
  return (
    <div class="announcement-slot" role="status">
      {current && (
        <p class="announcement">
          <span>{current.message}</span>
          <button type="button" class="button button-small" onClick={dismissAnnouncement}>
            {t('common.dismiss')}
          </button>
        </p>
      )}
    </div>
  );
}
