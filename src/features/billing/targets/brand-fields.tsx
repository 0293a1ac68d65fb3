import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { BRAND_COLORS_MAX, BRAND_LIMITS } from '@machines/brand-constants';
import { useServices } from '@/core/services';
import { useAppActors } from '@/state/app-actors';
import { Button } from '@/ui/button';
import * as Field from '@/ui/field';
import { PlusIcon, SparklesIcon, XIcon } from '@/ui/icons';
import { SelectField } from '@/ui/select';
import { toast } from '@/ui/toast';
import { BRANDS_TEXT as t } from '../messages';
import { mutedText } from '../panel';
import { NEW_COLOR, type BrandErrors, type BrandField, type BrandForm } from './brand-form';

const row = css({ display: 'flex', gap: '2', alignItems: 'flex-end', flexWrap: { base: 'wrap', sm: 'nowrap' } });
const group = css({ display: 'flex', flexDirection: 'column', gap: '3', borderWidth: '0', p: '0', m: '0', minW: '0' });
const legend = css({ fontWeight: 'medium', fontSize: 'sm', mb: '1' });
const swatch = css({
  w: '10',
  h: '10',
  flexShrink: 0,
  p: '1',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  bg: 'bg.surface',
  cursor: 'pointer',
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
});

interface Props {
  fields: readonly BrandField[];
  form: BrandForm;
  onChange: (next: BrandForm) => void;
  errors: BrandErrors;
  /** The saved brand (for the description suggestion); absent while a new brand is named. */
  brandId?: number;
  disabled?: boolean;
  /** Focus the first field when mounted (a new setup step). */
  autoFocus?: boolean;
}

/** The inputs of a brand's fields (03 §3): the setup wizard shows a step's, the detail view all of them. */
export function BrandFields({ fields, form, onChange, errors, brandId, disabled, autoFocus }: Props) {
  const set = <K extends keyof BrandForm>(key: K, value: BrandForm[K]) => onChange({ ...form, [key]: value });
  const first = fields[0];
  return (
    <>
      {fields.map((f) => {
        const focus = autoFocus && f === first;
        switch (f) {
          case 'name':
            return (
              <Field.Root key={f} invalid={!!errors.name} required disabled={disabled}>
                {/* required (aria-required); the optional fields say '(Optional)', so no asterisk here */}
                <Field.Label>{t.name}</Field.Label>
                <Field.Input autoFocus={focus} value={form.name} maxLength={BRAND_LIMITS.name} autoComplete="organization" onChange={(e) => set('name', e.target.value)} />
                <Field.ErrorText>{errors.name}</Field.ErrorText>
              </Field.Root>
            );
          case 'url':
            return (
              <Field.Root key={f} invalid={!!errors.url} disabled={disabled}>
                <Field.Label>
                  {t.website}
                  <Field.OptionalMark />
                </Field.Label>
                <Field.Input
                  autoFocus={focus}
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  placeholder={t.websitePlaceholder}
                  value={form.url}
                  maxLength={BRAND_LIMITS.url}
                  onChange={(e) => set('url', e.target.value)}
                />
                <Field.ErrorText>{errors.url}</Field.ErrorText>
              </Field.Root>
            );
          case 'description':
            return <DescriptionField key={f} form={form} set={set} error={errors.description} brandId={brandId} disabled={disabled} autoFocus={focus} />;
          case 'industry':
          case 'tone':
            return (
              <Field.Root key={f} invalid={!!errors[f]} disabled={disabled}>
                <Field.Label>
                  {f === 'industry' ? t.industry : t.tone}
                  <Field.OptionalMark />
                </Field.Label>
                <Field.Input
                  autoFocus={focus}
                  placeholder={f === 'industry' ? t.industryPlaceholder : t.tonePlaceholder}
                  value={form[f]}
                  maxLength={BRAND_LIMITS[f]}
                  onChange={(e) => set(f, e.target.value)}
                />
                <Field.ErrorText>{errors[f]}</Field.ErrorText>
              </Field.Root>
            );
          case 'products':
            return <ProductsField key={f} form={form} set={set} errors={errors} disabled={disabled} autoFocus={focus} />;
          case 'colors':
            return <ColorsField key={f} form={form} set={set} errors={errors} disabled={disabled} autoFocus={focus} />;
          case 'language':
            return <LanguageField key={f} form={form} set={set} error={errors.language} disabled={disabled} />;
        }
      })}
    </>
  );
}

type Setter = <K extends keyof BrandForm>(key: K, value: BrandForm[K]) => void;

/** Description, with a suggestion written from the saved brand (GET /api/businesses/description); never saved by itself. */
function DescriptionField({ form, set, error, brandId, disabled, autoFocus }: { form: BrandForm; set: Setter; error?: string; brandId?: number; disabled?: boolean; autoFocus?: boolean }) {
  const { api } = useServices();
  const { dialogs } = useAppActors();
  const [writing, setWriting] = useState(false);
  const suggestRef = useRef<() => Promise<void>>(async () => {});
  // A typed description is replaced only when the user says so: the replace-brand-description dialog (through the
  // dialog manager) asks, and its confirmation starts the suggestion.
  useEffect(() => {
    const sub = dialogs.on('dialog.confirmed', ({ dialog }) => {
      if (dialog.name === 'replace-brand-description' && dialog.payload.brandId === brandId) void suggestRef.current();
    });
    return () => sub.unsubscribe();
  }, [dialogs, brandId]);
  function writeForMe() {
    if (!brandId) return;
    if (form.description.trim()) dialogs.send({ type: 'dialog.open', dialog: { name: 'replace-brand-description', payload: { brandId } } });
    else void suggest();
  }
  suggestRef.current = suggest;
  async function suggest() {
    if (!brandId) return;
    setWriting(true);
    try {
      const { data } = await api.GET('/api/businesses/description', { params: { query: { business_id: brandId } } });
      set('description', data!.data.description);
    } catch {
      toast.error(t.somethingWentWrong); // 03 §8 common message
    } finally {
      setWriting(false);
    }
  }
  return (
    <Field.Root invalid={!!error} disabled={disabled || writing}>
      <Field.Label>
        {t.descriptionLabel}
        <Field.OptionalMark />
      </Field.Label>
      <Field.Textarea autoFocus={autoFocus} rows={5} value={form.description} maxLength={BRAND_LIMITS.description} onChange={(e) => set('description', e.target.value)} />
      <Field.ErrorText>{error}</Field.ErrorText>
      {brandId !== undefined && (
        <div>
          <Button variant="outline" size="sm" onClick={writeForMe} loading={writing} loadingText={t.writing} disabled={disabled}>
            <SparklesIcon aria-hidden width={16} height={16} />
            {t.writeForMe}
          </Button>
        </div>
      )}
    </Field.Root>
  );
}

function ProductsField({ form, set, errors, disabled, autoFocus }: { form: BrandForm; set: Setter; errors: BrandErrors; disabled?: boolean; autoFocus?: boolean }) {
  const update = (i: number, patch: Partial<BrandForm['products'][number]>) => set('products', form.products.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  return (
    <fieldset className={group} disabled={disabled}>
      <legend className={legend}>{t.products}</legend>
      {form.products.length === 0 && <p className={mutedText}>{t.noProducts}</p>}
      <ol className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        {form.products.map((p, i) => (
          <li key={i} className={row}>
            <Field.Root invalid={!!errors[`product.${i}`]} className={css({ flex: '1', minW: '40' })}>
              <Field.Label>{t.productName(i + 1)}</Field.Label>
              <Field.Input autoFocus={autoFocus && i === 0} value={p.name} maxLength={BRAND_LIMITS.productName} onChange={(e) => update(i, { name: e.target.value })} />
              <Field.ErrorText>{errors[`product.${i}`]}</Field.ErrorText>
            </Field.Root>
            <Field.Root className={css({ flex: '2', minW: '48' })}>
              <Field.Label>
                {t.productDescription(i + 1)}
                <Field.OptionalMark />
              </Field.Label>
              <Field.Input value={p.description} maxLength={BRAND_LIMITS.productDescription} onChange={(e) => update(i, { description: e.target.value })} />
            </Field.Root>
            <Button
              variant="ghost"
              iconOnly
              aria-label={t.removeProduct(i + 1)}
              onClick={() => set('products', form.products.filter((_, j) => j !== i))}
            >
              <XIcon aria-hidden />
            </Button>
          </li>
        ))}
      </ol>
      <div>
        <Button
          variant="outline"
          size="sm"
          autoFocus={autoFocus && form.products.length === 0}
          disabled={disabled || form.products.length >= BRAND_LIMITS.products}
          onClick={() => set('products', [...form.products, { name: '', description: '' }])}
        >
          <PlusIcon aria-hidden width={16} height={16} />
          {t.addProduct}
        </Button>
      </div>
    </fieldset>
  );
}

/** Up to 3 colours (03 §3): each as a hex text field (typed) and the browser's colour picker beside it. */
function ColorsField({ form, set, errors, disabled, autoFocus }: { form: BrandForm; set: Setter; errors: BrandErrors; disabled?: boolean; autoFocus?: boolean }) {
  const update = (i: number, value: string) => set('colors', form.colors.map((c, j) => (j === i ? value : c)));
  return (
    <fieldset className={group} disabled={disabled}>
      <legend className={legend}>{t.colors}</legend>
      {form.colors.length === 0 && <p className={mutedText}>{t.noColors}</p>}
      {form.colors.map((c, i) => {
        const name = t.colorNames[i]!;
        const valid = /^#[0-9a-f]{6}$/i.test(c);
        return (
          <div key={i} className={row}>
            <Field.Root invalid={!!errors[`color.${i}`]} className={css({ flex: '1', maxW: 'xs' })}>
              <Field.Label>{name}</Field.Label>
              <Field.Input autoFocus={autoFocus && i === 0} value={c} maxLength={7} spellCheck={false} onChange={(e) => update(i, e.target.value.trim())} />
              <Field.ErrorText>{errors[`color.${i}`]}</Field.ErrorText>
            </Field.Root>
            <input
              type="color"
              className={swatch}
              aria-label={t.pickColor(name)}
              value={valid ? c.toLowerCase() : '#000000'}
              onChange={(e) => update(i, e.target.value.toUpperCase())}
            />
            <Button variant="ghost" iconOnly aria-label={t.removeColor(name)} onClick={() => set('colors', form.colors.filter((_, j) => j !== i))}>
              <XIcon aria-hidden />
            </Button>
          </div>
        );
      })}
      <div>
        <Button
          variant="outline"
          size="sm"
          autoFocus={autoFocus && form.colors.length === 0}
          disabled={disabled || form.colors.length >= BRAND_COLORS_MAX}
          onClick={() => set('colors', [...form.colors, NEW_COLOR])}
        >
          <PlusIcon aria-hidden width={16} height={16} />
          {t.addColor}
        </Button>
      </div>
    </fieldset>
  );
}

const NO_LANGUAGE = 'none';

function LanguageField({ form, set, error, disabled }: { form: BrandForm; set: Setter; error?: string; disabled?: boolean }) {
  const { $api } = useServices();
  const languages = useQuery($api.queryOptions('get', '/api/profile/getLanguage'));
  const items = [{ label: t.noLanguage, value: NO_LANGUAGE }, ...(languages.data?.data ?? []).map((l) => ({ label: l.language, value: String(l.id) }))];
  return (
    <SelectField
      label={t.language}
      optional
      items={items}
      value={form.language ?? NO_LANGUAGE}
      onValueChange={(v) => set('language', !v || v === NO_LANGUAGE ? null : v)}
      invalid={!!error}
      errorText={error}
      disabled={disabled || languages.isLoading}
    />
  );
}
