/**
 * Welcome (with the product tour), product-demo, image-viewer, model-viewer, explore-features,
 * explore-greetings and the real-time blog promotion.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import type { ImageAspect } from '@machines/dialogs';
import { useServices } from '@/core/services';
import { Badge, BetaBadge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import type { DialogActions } from './dialog-actions';
import { Frame, styles } from './frame';
import { DIALOG_MESSAGES, EXPLORE_TEXT, MISC_TEXT } from './messages';
import { formatCount, useDialogNav } from './use-dialog-data';
import { VideoPlayer } from './video-player';
import { useCurrentUser } from '@/core/current-user';
import { paths } from '@/core/paths';

/**
 * Where the product tour lives. The spec says only "A video-host demo is loaded by the welcome and
 * competitor dialogs" (01 §7) and gives no address, so it is configuration: VITE_PRODUCT_TOUR_URL (a
 * video file or a video host's page) and VITE_PRODUCT_TOUR_POSTER (its thumbnail). Unset, the welcome
 * dialog shows a drawn poster saying the video will be available soon — never a broken player.
 */
const TOUR_URL: string | undefined = import.meta.env.VITE_PRODUCT_TOUR_URL || undefined;
const TOUR_POSTER: string | undefined = import.meta.env.VITE_PRODUCT_TOUR_POSTER || undefined;

/** 01 §2 welcome (with video); closing leads to the offer dialog (01 §4 dialog chain, in the machine). */
export function WelcomeDialog({ actions }: { actions: DialogActions }) {
  const t = MISC_TEXT.welcome;
  return (
    <Frame
      media={<VideoPlayer title={t.videoTitle} videoUrl={TOUR_URL} thumbnailUrl={TOUR_POSTER} />}
      title={t.title}
      description={t.body}
      footer={<Button onClick={actions.close}>{t.start}</Button>}
    />
  );
}

/** 01 §2 product-demo (thumbnailUrl, videoUrl, contentType); 02 §2 "cancel goes to the video gallery". */
export function ProductDemoDialog({
  payload,
  actions,
}: {
  payload: { thumbnailUrl: string; videoUrl: string; contentType: string };
  actions: DialogActions;
}) {
  const { go } = useDialogNav(actions);
  const t = MISC_TEXT.productDemo;
  // contentType is the video's kind in the video generator (e.g. 'UGC Ads'), or a MIME type
  const isMime = payload.contentType.includes('/');
  return (
    <Frame
      media={
        <VideoPlayer
          title={t.title}
          videoUrl={payload.videoUrl || undefined}
          thumbnailUrl={payload.thumbnailUrl || undefined}
          contentType={isMime ? payload.contentType : undefined}
        />
      }
      title={t.title}
      description={t.body(isMime ? '' : payload.contentType)}
      footer={
        <>
          <Button variant="outline" onClick={() => go(paths.videoGenerator)}>
            {DIALOG_MESSAGES.cancel}
          </Button>
          <Button onClick={actions.close}>{t.create}</Button>
        </>
      }
    />
  );
}

/** CSS aspect ratio of an image-viewer payload ('square' default, 01 §2; 'landscape', 'portrait', or 'w:h'). */
export function aspectRatioOf(aspect: ImageAspect): string {
  if (aspect === 'landscape') return '16 / 9';
  if (aspect === 'portrait') return '9 / 16';
  const m = /^(\d+(?:\.\d+)?)\s*[:x/]\s*(\d+(?:\.\d+)?)$/.exec(aspect);
  return m ? `${m[1]} / ${m[2]}` : '1 / 1';
}

function fileNameOf(url: string): string {
  try {
    const last = new URL(url, window.location.href).pathname.split('/').pop();
    return last && /\.\w+$/.test(last) ? last : 'image.png';
  } catch {
    return 'image.png';
  }
}

/** 01 §2 image-viewer (imageUrl, imageAspect default square); 02 §2 "Downloads fetch the media URL as a blob". */
export function ImageViewerDialog({ payload, actions }: { payload: { imageUrl: string; imageAspect: ImageAspect }; actions: DialogActions }) {
  const t = MISC_TEXT.imageViewer;
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  async function download() {
    setState('busy');
    try {
      const res = await fetch(payload.imageUrl);
      if (!res.ok) throw new Error(res.statusText);
      const href = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = href;
      a.download = fileNameOf(payload.imageUrl);
      a.click();
      setTimeout(() => URL.revokeObjectURL(href), 0);
      setState('idle');
    } catch {
      setState('failed');
    }
  }
  return (
    <Frame
      size="lg"
      title={t.title}
      footer={
        <>
          <Button variant="outline" onClick={actions.close}>
            {DIALOG_MESSAGES.close}
          </Button>
          <Button onClick={() => void download()} loading={state === 'busy'} disabled={!payload.imageUrl}>
            {t.download}
          </Button>
        </>
      }
    >
      <div className={css({ display: 'grid', placeItems: 'center', bg: 'bg.subtle', borderRadius: 'md', overflow: 'hidden' })}>
        {payload.imageUrl && (
          <img
            src={payload.imageUrl}
            alt={t.alt}
            className={css({ maxW: 'full', maxH: '70dvh', objectFit: 'contain' })}
            style={{ aspectRatio: aspectRatioOf(payload.imageAspect) }}
          />
        )}
      </div>
      {state === 'failed' && (
        <p role="alert" className={styles.error}>
          {t.failed}
        </p>
      )}
    </Frame>
  );
}

/** 01 §2 model-viewer: the image models (02 §2 Model A, B, C = source 1, 2, 3) and their credit cost. */
export function ModelViewerDialog({ actions }: { actions: DialogActions }) {
  const { $api } = useServices();
  const matrix = useQuery($api.queryOptions('get', '/api/credits/details', { params: { query: { type: 'image' } } }));
  const t = MISC_TEXT.modelViewer;
  const bySource = new Map<number, number>();
  for (const e of matrix.data?.data.image ?? []) if (!bySource.has(e.source)) bySource.set(e.source, e.credit_per_image);
  return (
    <Frame title={t.title} description={t.body} footer={<Button onClick={actions.close}>{DIALOG_MESSAGES.close}</Button>}>
      {matrix.isLoading ? (
        <div className={styles.center}>
          <Spinner label={t.title} />
        </div>
      ) : (
        <ul className={css({ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: '3' })}>
          {([1, 2, 3] as const).map((source) => (
            <li key={source} className={styles.panel}>
              <strong className={css({ display: 'block' })}>{`Model ${'ABC'[source - 1]}`}</strong>
              {bySource.has(source) && <span className={styles.muted}>{t.perImage(formatCount(bySource.get(source)!))}</span>}
            </li>
          ))}
        </ul>
      )}
    </Frame>
  );
}

const tile = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '1',
  w: 'full',
  h: 'full',
  p: '4',
  textAlign: 'left',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  bg: 'bg.surface',
  color: 'fg.default',
  cursor: 'pointer',
  transition: 'border-color 0.15s, box-shadow 0.15s',
  _hover: { borderColor: 'accent.default', boxShadow: 'md' },
  _focusVisible: { outline: 'none', boxShadow: 'focusRing' },
  _disabled: { cursor: 'not-allowed', bg: 'bg.subtle', _hover: { borderColor: 'border.default', boxShadow: 'none' } },
});

/** 01 §2 explore-features / explore-greetings: a grid of tools, some marked Coming Soon. */
export function ExploreDialog({ greetings, actions }: { greetings: boolean; actions: DialogActions }) {
  const { user } = useCurrentUser();
  const { go } = useDialogNav(actions);
  const firstName = user?.name.trim().split(/\s+/)[0] ?? '';
  return (
    <Frame
      size="lg"
      title={greetings ? EXPLORE_TEXT.greetingsTitle(firstName) : EXPLORE_TEXT.featuresTitle}
      description={greetings ? EXPLORE_TEXT.greetingsBody : EXPLORE_TEXT.featuresBody}
    >
      <ul className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' }, gap: '3' })}>
        {EXPLORE_TEXT.tools.map((tool) => (
          <li key={tool.key}>
            <button
              type="button"
              className={tile}
              disabled={tool.comingSoon || !tool.to}
              onClick={() => tool.to && go(tool.to)}
              aria-labelledby={`explore-${tool.key}-title`}
              aria-describedby={`explore-${tool.key}`}
            >
              <span id={`explore-${tool.key}-title`} className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap', fontWeight: 'semibold' })}>
                {tool.title}
                {tool.beta && <BetaBadge />}
                {tool.comingSoon && <Badge tone="neutral">{EXPLORE_TEXT.comingSoon}</Badge>}
              </span>
              <span id={`explore-${tool.key}`} className={styles.muted}>
                {tool.text}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Frame>
  );
}

/** 01 §2 real-time blog promo: 'Try Now' goes to /blog-writer, 'Not Now' dismisses. */
export function RealtimeBlogPromoDialog({ actions }: { actions: DialogActions }) {
  const { go } = useDialogNav(actions);
  const t = MISC_TEXT.realtime;
  return (
    <Frame
      title={t.title}
      description={t.body}
      footer={
        <>
          <Button variant="outline" onClick={actions.close}>
            {t.secondary}
          </Button>
          <Button onClick={() => go(paths.newBlog)}>{t.primary}</Button>
        </>
      }
    />
  );
}
