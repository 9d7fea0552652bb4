import './signInPolicyTexts';
import { Fieldset, NumberInput, Stack, Switch, type SwitchProps } from '@mantine/core';
import { type ReactNode, type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_EXPIRY_DAYS,
  type FormErrors,
  MAX_EXPIRY_DAYS,
  MIN_EXPIRY_DAYS,
  type PolicyForm,
} from './signInPolicyModel';

/** What every section of the form gets. */
export interface SectionProps {
  form: PolicyForm;
  /** The form's mistakes, once Save was tried. */
  errors: FormErrors;
  onChange: (change: Partial<PolicyForm>) => void;
  /** A refused save's message when it concerns this section. */
  alert: ReactNode;
}

const LIMITS = { min: MIN_EXPIRY_DAYS, max: MAX_EXPIRY_DAYS };

/**
 * A switch named by its label alone: Mantine puts the description inside the `<label>`, which would make it part of
 * the name too (read twice, once as name and once as description).
 */
export function LabelledSwitch({ label, ...props }: SwitchProps & { label: string; description: string }) {
  const labelId = useId();
  return <Switch {...props} label={<span id={labelId}>{label}</span>} aria-labelledby={labelId} />;
}

/** Password expiry: off, or a whole number of days (90 when switched on without a number). */
export function PasswordSection(props: SectionProps & { daysRef: Ref<HTMLInputElement> }) {
  const { form, errors, onChange, alert, daysRef } = props;
  const { t } = useTranslation('signInPolicy');
  return (
    <Fieldset legend={t('passwords')}>
      <Stack gap="sm">
        <LabelledSwitch
          label={t('passwords-expire')}
          description={t('passwords-expire-description')}
          checked={form.expires}
          onChange={(event) => {
            const expires = event.currentTarget.checked;
            onChange(expires && form.days === '' ? { expires, days: DEFAULT_EXPIRY_DAYS } : { expires });
          }}
        />
        {form.expires && (
          <NumberInput
            ref={daysRef}
            label={t('expiry-days')}
            description={t('expiry-days-description', LIMITS)}
            value={form.days}
            error={errors.days ? t('expiry-days-error', LIMITS) : undefined}
            onChange={(days) => onChange({ days: typeof days === 'number' ? days : '' })}
            min={MIN_EXPIRY_DAYS}
            max={MAX_EXPIRY_DAYS}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            required
            maw={320}
          />
        )}
        {alert}
      </Stack>
    </Fieldset>
  );
}

/** Required two-factor authentication (an e-mailed code for members without an authenticator or sign-in code). */
export function TwoFactorSection({ form, onChange, alert }: SectionProps) {
  const { t } = useTranslation('signInPolicy');
  return (
    <Fieldset legend={t('two-factor')}>
      <Stack gap="sm">
        <LabelledSwitch
          label={t('require-two-factor')}
          description={t('require-two-factor-description')}
          checked={form.twoFactor}
          onChange={(event) => onChange({ twoFactor: event.currentTarget.checked })}
        />
        {alert}
      </Stack>
    </Fieldset>
  );
}
