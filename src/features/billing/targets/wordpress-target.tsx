import { useQuery } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { useServices } from '@/core/services';
import { Badge } from '@/ui/badge';
import { GlobeIcon } from '@/ui/icons';
import { Spinner } from '@/ui/spinner';
import { WORDPRESS_TEXT as t } from '../messages';
import { Panel, mutedText } from '../panel';

/**
 * target=wordpress (01 §2): the connected sites of GET /api/getWordpressDomains, newest first ("reversed for
 * display", 01 §7). Connecting and removing sites belong to the WordPress feature. A failed listing is ignored
 * silently (01 §8 "Failed listing responses are ignored silently"): the page shows the empty list.
 */
export function WordpressTarget() {
  const { $api } = useServices();
  const sites = useQuery({ ...$api.queryOptions('get', '/api/getWordpressDomains'), retry: false });
  const list = [...(sites.data?.data ?? [])].reverse();
  return (
    <Panel title={t.title} description={t.description}>
      {sites.isLoading ? (
        <Spinner label={t.title} />
      ) : list.length === 0 ? (
        <p className={mutedText}>{t.empty}</p>
      ) : (
        <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          {list.map((site) => (
            <li
              key={site.id}
              className={css({ display: 'flex', alignItems: 'center', gap: '3', p: '3', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg' })}
            >
              <GlobeIcon aria-hidden className={css({ color: 'fg.muted', flexShrink: 0 })} />
              <div className={css({ flex: '1', minW: '0' })}>
                <p className={css({ fontWeight: 'medium', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>{site.site}</p>
                <p className={mutedText}>{t.user(site.user)}</p>
              </div>
              <Badge tone={site.active ? 'new' : 'neutral'}>{site.active ? t.active : t.inactive}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
