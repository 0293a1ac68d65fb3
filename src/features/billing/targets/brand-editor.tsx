import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { BRAND_FIRST_STEP, BRAND_STEP_FIELDS, BRAND_TOTAL_STEPS } from '@machines/brand-constants';
import { useServices } from '@/core/services';
import { useCurrentUser } from '@/core/current-user';
import { isApiError } from '@/api/errors';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { ChevronRightIcon } from '@/ui/icons';
import { ProgressBar } from '@/ui/progress-bar';
import { Spinner } from '@/ui/spinner';
import { toast } from '@/ui/toast';
import { ConfirmDialog } from '../confirm-dialog';
import { BRANDS_TEXT as t } from '../messages';
import { Panel, alertText } from '../panel';
import { BrandFields } from './brand-fields';
import { loadBrandDraft, updateBrandDraft } from './brand-draft';
import {
  EMPTY_FORM,
  formOf,
  isSetupStep,
  resumeStep,
  updateOf,
  validate,
  valueOf,
  type BrandErrors,
  type BrandField,
  type BrandForm,
  type Business,
  type SetupStep,
} from './brand-form';
import type { BrandNav } from './brand-nav';

const ALL_FIELDS: readonly BrandField[] = ['name', 'url', 'description', 'industry', 'tone', 'products', 'colors', 'language'];
const formColumn = css({ display: 'flex', flexDirection: 'column', gap: '5', maxW: '2xl' });
const footer = css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'center', pt: '2' });

/** The brand queries' cache: one entry per brand (GET /api/businesses/{id}) and the lists. */
export function useBrandCache() {
  const { $api, queryClient } = useServices();
  return useMemo(() => {
    const key = (id: number) => $api.queryOptions('get', '/api/businesses/{id}', { params: { path: { id } } }).queryKey;
    return {
      put: (b: Business) => queryClient.setQueryData(key(b.id), { data: b }),
      forget: (id: number) => queryClient.removeQueries({ queryKey: key(id) }),
      refreshLists: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: ['get', '/api/businesses'] }),
          queryClient.invalidateQueries({ queryKey: ['get', '/api/businesses/filter'] }),
        ]),
    };
  }, [$api, queryClient]);
}

function useBrand(id: number | null) {
  const { $api } = useServices();
  const query = useQuery({ ...$api.queryOptions('get', '/api/businesses/{id}', { params: { path: { id: id ?? 0 } } }), enabled: id !== null, retry: false });
  const notFound = isApiError(query.error) && query.error.status === 404;
  // 03 §8 'Failed to fetch details. Please try again!' (a brand that is not there says so in place instead).
  useEffect(() => {
    if (query.isError && !notFound) toast.error(t.fetchDetailsFailed);
  }, [query.isError, query.errorUpdatedAt, notFound]);
  return { query, notFound };
}

/**
 * A refusal the user can fix in place (422 naming fields) as inline errors; undefined for anything else, which a
 * toast with the spec's text reports. `valueField`: the field a PATCH …/field saved (its errors come as `value`).
 */
function fieldErrorsOf(err: unknown, valueField?: BrandField): BrandErrors | undefined {
  if (!isApiError(err) || err.status !== 422 || !err.errors) return undefined;
  const out: BrandErrors = {};
  for (const [key, messages] of Object.entries(err.errors)) {
    const field = key === 'value' ? valueField : key.split('.')[0];
    if (field && (ALL_FIELDS as readonly string[]).includes(field) && messages[0]) out[field as BrandField] ??= messages[0];
  }
  return Object.keys(out).length ? out : undefined;
}

function BackToBrands({ nav }: { nav: BrandNav }) {
  return (
    <Link to={nav.href({})} className={css({ display: 'inline-flex', alignItems: 'center', gap: '1', color: 'accent.text', fontWeight: 'medium', fontSize: 'sm', mb: '3' })}>
      <ChevronRightIcon aria-hidden width={16} height={16} className={css({ transform: 'rotate(180deg)' })} />
      {t.back}
    </Link>
  );
}

function Loading({ nav, label }: { nav: BrandNav; label: string }) {
  return (
    <div>
      <BackToBrands nav={nav} />
      <div className={css({ display: 'flex', justifyContent: 'center', py: '10' })}>
        <Spinner label={label} />
      </div>
    </div>
  );
}

function LoadFailed({ nav, notFound, retry }: { nav: BrandNav; notFound: boolean; retry: () => void }) {
  return (
    <div>
      <BackToBrands nav={nav} />
      <Panel title={t.detailsTitle} focusHeading={nav.moved}>
        <p role="alert" className={alertText}>
          {notFound ? t.notFound : t.fetchDetailsFailed}
        </p>
        {!notFound && (
          <div>
            <Button variant="outline" size="sm" onClick={retry}>
              {t.retry}
            </Button>
          </div>
        )}
      </Panel>
    </div>
  );
}

// ---------------------------------------------------------------- detail view

/** &brand=ID: the brand's details, every field in one form saved at once (PATCH /api/businesses/{id}). */
export function BrandDetail({ id, nav }: { id: number; nav: BrandNav }) {
  const { query, notFound } = useBrand(id);
  if (query.isLoading) return <Loading nav={nav} label={t.loadingBrand} />;
  if (!query.data) return <LoadFailed nav={nav} notFound={notFound} retry={() => void query.refetch()} />;
  return <DetailForm key={id} brand={query.data.data} nav={nav} />;
}

function DetailForm({ brand, nav }: { brand: Business; nav: BrandNav }) {
  const { api } = useServices();
  const cache = useBrandCache();
  const saved = useMemo(() => formOf(brand), [brand]);
  const [form, setForm] = useState<BrandForm>(saved);
  const [errors, setErrors] = useState<BrandErrors>({});
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const dirty = JSON.stringify(form) !== JSON.stringify(saved);

  async function save(e: FormEvent) {
    e.preventDefault();
    const found = validate(ALL_FIELDS, form);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const { data } = await api.PATCH('/api/businesses/{id}', { params: { path: { id: brand.id } }, body: updateOf(form) });
      setForm(formOf(data!.data));
      cache.put(data!.data);
      void cache.refreshLists();
      toast.success(data!.message ?? t.saved);
    } catch (err) {
      const inline = fieldErrorsOf(err);
      if (inline) setErrors(inline);
      else toast.error(t.saveDetailsFailed); // 03 §8
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setDeleting(true);
    try {
      const { data } = await api.POST('/api/businesses/multi-destroy', { body: { ids: [brand.id] } });
      toast.success(data!.message);
      cache.forget(brand.id);
      await cache.refreshLists();
      nav.list();
    } catch {
      toast.error(t.deleteFailed); // 03 §8
      setDeleting(false);
      setConfirming(false);
    }
  }

  return (
    <div>
      <BackToBrands nav={nav} />
      <Panel
        title={brand.name}
        focusHeading={nav.moved}
        description={brand.is_completed ? t.setupComplete : t.setupAt(brand.step, brand.total_steps)}
        actions={
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            {!brand.is_completed && (
              <Button variant="outline" onClick={() => nav.setup(brand.id, resumeStep(brand))}>
                {t.continueSetup}
              </Button>
            )}
            <Button variant="ghost" onClick={() => setConfirming(true)}>
              {t.deleteBrand}
            </Button>
          </div>
        }
      >
        <form className={formColumn} onSubmit={save} noValidate aria-label={t.detailsTitle}>
          <BrandFields fields={ALL_FIELDS} form={form} onChange={setForm} errors={errors} brandId={brand.id} disabled={busy} />
          <div className={footer}>
            <Button type="submit" loading={busy} loadingText={t.saving} disabled={!dirty}>
              {t.saveDetails}
            </Button>
          </div>
        </form>
      </Panel>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(o) => !deleting && setConfirming(o)}
        title={t.deleteTitle(1)}
        description={t.deleteText}
        confirmLabel={t.deleteConfirm}
        cancelLabel={t.cancel}
        onConfirm={() => void remove()}
        busy={deleting}
        danger
      />
    </div>
  );
}

// ---------------------------------------------------------------- setup wizard

/**
 * The setup of a brand over 7 steps (03 §4 "Step count 7 for a business. Creating a business starts at step 2.
 * Steps are saved one by one and is_completed is read from the result. Completion clears the form."):
 * step 2 names a new brand (POST /api/businesses), steps 3 … 7 save their fields one by one (PATCH …/field), the
 * last one with is_completed 1; when the answer says completed the form is cleared and the details show.
 */
export function BrandSetup({ brandId, step, nav }: { brandId: number | null; step: SetupStep; nav: BrandNav }) {
  const { query, notFound } = useBrand(brandId);
  if (brandId === null) return <SetupStepForm key="new" brand={null} step={BRAND_FIRST_STEP} nav={nav} />;
  if (query.isLoading) return <Loading nav={nav} label={t.loadingBrand} />;
  if (!query.data) return <LoadFailed nav={nav} notFound={notFound} retry={() => void query.refetch()} />;
  return <SetupStepForm key={`${brandId}-${step}`} brand={query.data.data} step={step} nav={nav} />;
}

/** Only the step's own fields of a draft (another step's draft shows on that step). */
function pickFields(draft: Partial<BrandForm>, fields: readonly BrandField[]): Partial<BrandForm> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (f in draft) out[f] = draft[f as keyof BrandForm];
  return out as Partial<BrandForm>;
}

function SetupStepForm({ brand, step, nav }: { brand: Business | null; step: SetupStep; nav: BrandNav }) {
  const { api } = useServices();
  const cache = useBrandCache();
  const { user } = useCurrentUser();
  const userId = user?.id;
  const draftId = brand ? brand.id : ('new' as const);
  const fields: readonly BrandField[] = BRAND_STEP_FIELDS[step];
  // what was typed on this step and not saved yet comes back (after Back, leaving, a reload)
  const [form, setFormState] = useState<BrandForm>(() => ({ ...(brand ? formOf(brand) : EMPTY_FORM), ...pickFields(loadBrandDraft(userId, draftId), fields) }));
  const setForm = (next: BrandForm) => {
    setFormState(next);
    updateBrandDraft(userId, draftId, fields, next);
  };
  const [errors, setErrors] = useState<BrandErrors>({});
  const [busy, setBusy] = useState(false);
  const isLast = step === BRAND_TOTAL_STEPS;
  const copy = t.steps[step]!;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validate(fields, form);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    if (!brand) {
      // Step 2 of a new brand: creating it saves its name (03 §4 "Creating a business starts at step 2").
      try {
        const { data } = await api.POST('/api/businesses', { body: { name: form.name.trim() } });
        updateBrandDraft(userId, 'new', fields, null);
        cache.put(data!.data);
        void cache.refreshLists();
        nav.setup(data!.data.id, (BRAND_FIRST_STEP + 1) as SetupStep, { replace: true });
      } catch (err) {
        // A name the server refuses (taken, too long) is shown on the field; any other failure in the spec's toast.
        const inline = fieldErrorsOf(err);
        if (inline) setErrors(inline);
        else toast.error(t.createFailed); // 03 §8
        setBusy(false);
      }
      return;
    }
    let current: BrandField = fields[0]!;
    try {
      let result = brand;
      for (const [i, field] of fields.entries()) {
        current = field;
        const value = valueOf(field, form);
        const { data } = await api.PATCH('/api/businesses/{id}/field', {
          params: { path: { id: brand.id } },
          body: {
            field,
            value,
            step,
            ...(isLast && i === fields.length - 1 ? { is_completed: 1 as const } : {}),
            ...(field === 'products' && Array.isArray(value) ? { products_count: value.length } : {}),
          },
        });
        result = data!.data;
      }
      updateBrandDraft(userId, brand.id, fields, null);
      cache.put(result);
      void cache.refreshLists();
      if (isLast && result.is_completed === 1) {
        // Completion clears the form (03 §4) and shows the finished brand.
        setFormState(EMPTY_FORM);
        toast.success(t.finished);
        nav.detail(brand.id);
      } else if (isLast) {
        toast.error(t.updateFailed);
        setBusy(false);
      } else {
        const next = step + 1;
        if (isSetupStep(next)) nav.setup(brand.id, next);
      }
    } catch (err) {
      const inline = fieldErrorsOf(err, current);
      if (inline) setErrors(inline);
      else toast.error(t.updateFailed); // 03 §8
      setBusy(false);
    }
  }

  const exit = () => (brand ? nav.detail(brand.id) : nav.list());
  return (
    <div>
      <BackToBrands nav={nav} />
      <Panel
        title={copy.title}
        description={copy.subtitle}
        actions={
          brand ? (
            <Badge tone={brand.is_completed ? 'new' : 'neutral'} className={css({ maxW: '60', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'inline-block' })} title={brand.name}>
              {brand.name}
            </Badge>
          ) : undefined
        }
      >
        <ProgressBar value={(step / BRAND_TOTAL_STEPS) * 100} label={t.progress(step, BRAND_TOTAL_STEPS)} />
        <form className={formColumn} onSubmit={submit} noValidate aria-label={copy.title}>
          <BrandFields fields={fields} form={form} onChange={setForm} errors={errors} brandId={brand?.id} disabled={busy} autoFocus={nav.moved} />
          <div className={footer}>
            {brand && step > BRAND_FIRST_STEP && (
              // Back shows the previous step; what was typed here and not saved is kept as a draft for when the user returns.
              <Button variant="outline" disabled={busy} onClick={() => nav.setup(brand.id, (step - 1) as SetupStep)}>
                {t.previousStep}
              </Button>
            )}
            <Button type="submit" loading={busy} loadingText={t.saving}>
              {isLast ? t.finish : t.saveContinue}
            </Button>
            <Button variant="ghost" disabled={busy} onClick={exit}>
              {t.exitSetup}
            </Button>
          </div>
        </form>
      </Panel>
    </div>
  );
}
