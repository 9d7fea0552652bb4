import './signInPolicyTexts';
import { Alert, Code, Fieldset, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreference } from '../../preferences';
import { CopyField } from './CopyField';
import { MetadataField } from './MetadataField';
import { LabelledSwitch, type SectionProps } from './PolicySections';
import type { SignInPolicy, SsoSettings } from './signInPolicyApi';
import { isIdentifier, ssoSignInLink } from './signInPolicyModel';

export interface SsoSectionProps extends SectionProps {
  /** The stored policy: its single sign-on (if any) and our metadata address. */
  policy: SignInPolicy;
  identifierRef: Ref<HTMLInputElement>;
  metadataRef: Ref<HTMLTextAreaElement>;
}

/** The identity provider single sign-on uses now, as the server read it from the stored metadata. */
function CurrentIdentityProvider({ sso }: { sso: SsoSettings }) {
  const { t, i18n } = useTranslation('signInPolicy');
  const timeMode = usePreference('timeMode');
  const updated = new Date(sso.updated_at);
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    hour12: timeMode === 12,
  });
  const time = Number.isNaN(updated.getTime()) ? sso.updated_at : format.format(updated);
  return (
    <Paper withBorder p="sm" radius="sm" role="group" aria-label={t('current-idp')}>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('current-idp')}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('idp-entity-id')} <Code>{sso.idp_entity_id}</Code>
        </Text>
        <Text size="sm">{sso.idp_signs_out ? t('idp-signs-out-yes') : t('idp-signs-out-no')}</Text>
        <Text size="sm" c="dimmed">
          {t('idp-updated', { time })}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * Single sign-on (SAML): off, or an identifier and the identity provider's metadata (kept when the field is left empty
 * for an existing one), with our metadata address and the sign-in link to hand on. Switching an existing one off warns
 * (the save asks again).
 */
export function SsoSection(props: SsoSectionProps) {
  const { form, errors, onChange, alert, policy, identifierRef, metadataRef } = props;
  const { t } = useTranslation('signInPolicy');
  const stored = policy.sso;
  return (
    <Fieldset legend={t('sso')}>
      <Stack gap="sm">
        <LabelledSwitch
          label={t('sso-enabled')}
          description={t('sso-enabled-description')}
          checked={form.sso}
          onChange={(event) => onChange({ sso: event.currentTarget.checked })}
        />
        {!form.sso && stored && (
          <Alert
            color="yellow"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={t('sso-removal-warning-title')}
          >
            {t('sso-removal-warning')}
          </Alert>
        )}
        {form.sso && (
          <>
            <TextInput
              ref={identifierRef}
              label={t('sso-identifier')}
              description={t('sso-identifier-description')}
              value={form.identifier}
              error={errors.identifier ? t('sso-identifier-error') : undefined}
              onChange={(event) => onChange({ identifier: event.currentTarget.value.toLowerCase() })}
              required
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maw={420}
            />
            {stored && <CurrentIdentityProvider sso={stored} />}
            <MetadataField
              value={form.metadata}
              error={errors.metadata}
              keepCurrent={stored !== null}
              onChange={(metadata) => onChange({ metadata })}
              textareaRef={metadataRef}
            />
            {policy.sp_metadata_url && (
              <CopyField
                label={t('sp-metadata')}
                description={t('sp-metadata-description')}
                value={policy.sp_metadata_url}
                copyLabel={t('copy-sp-metadata')}
                copiedLabel={t('copied-sp-metadata')}
              />
            )}
            {isIdentifier(form.identifier) && (
              <CopyField
                label={t('sign-in-link')}
                description={t('sign-in-link-description')}
                value={ssoSignInLink(window.location.origin, form.identifier)}
                copyLabel={t('copy-sign-in-link')}
                copiedLabel={t('copied-sign-in-link')}
              />
            )}
          </>
        )}
        {alert}
      </Stack>
    </Fieldset>
  );
}
