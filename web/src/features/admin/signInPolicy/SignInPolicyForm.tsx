import './signInPolicyTexts';
import { Alert, Button, Fieldset, Group, Stack } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordSection, TwoFactorSection } from './PolicySections';
import { RemoveSsoDialog } from './RemoveSsoDialog';
import { SaveErrorAlert } from './SaveErrorAlert';
import { type SignInPolicy, useUpdateSignInPolicyMutation } from './signInPolicyApi';
import {
  type ErrorPlace,
  formErrors,
  formFromPolicy,
  isChanged,
  type PolicyForm,
  policyInput,
  removesSso,
  type SaveError,
  saveError,
} from './signInPolicyModel';
import { SsoSection } from './SsoSection';

export interface SignInPolicyFormProps {
  orgId: number;
  /** The policy as loaded; afterwards the form keeps the one each save stored. */
  policy: SignInPolicy;
}

/** The fields checked before saving, in the order of the page (the first wrong one gets the focus). */
const CHECKED_FIELDS = ['days', 'identifier', 'metadata'] as const;

/**
 * The three sections and one Save (enabled once the form asks for something other than the stored policy). Save
 * checks the shown fields, asks before removing single sign-on, then sends the whole policy; the stored answer becomes
 * the form's starting point. A refused save shows the server's message beside the section it concerns and keeps
 * everything typed.
 */
export function SignInPolicyForm({ orgId, policy }: SignInPolicyFormProps) {
  const { t } = useTranslation('signInPolicy');
  const [stored, setStored] = useState(policy);
  const [form, setForm] = useState(() => formFromPolicy(policy));
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<SaveError | null>(null);
  const [saved, setSaved] = useState(false);
  const [confirmRemoval, setConfirmRemoval] = useState(false);
  const [updatePolicy, { isLoading: saving }] = useUpdateSignInPolicyMutation();
  const daysRef = useRef<HTMLInputElement>(null);
  const identifierRef = useRef<HTMLInputElement>(null);
  const metadataRef = useRef<HTMLTextAreaElement>(null);
  const fieldRefs = { days: daysRef, identifier: identifierRef, metadata: metadataRef };

  const mistakes = formErrors(form, stored);
  const errors = checked ? mistakes : {};
  const changed = isChanged(form, stored);
  const alertFor = (place: ErrorPlace) => failure?.place === place && <SaveErrorAlert error={failure} />;

  const change = (update: Partial<PolicyForm>) => {
    setForm((old) => ({ ...old, ...update }));
    setSaved(false);
  };

  const send = async () => {
    setFailure(null);
    try {
      const answer = await updatePolicy({ orgId, policy: policyInput(form) }).unwrap();
      setStored(answer);
      setForm(formFromPolicy(answer));
      setChecked(false);
      setSaved(true);
    } catch (error) {
      setFailure(saveError(error));
    } finally {
      setConfirmRemoval(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || !changed) return;
    setChecked(true);
    setFailure(null);
    setSaved(false);
    const wrong = CHECKED_FIELDS.find((field) => mistakes[field] !== undefined);
    if (wrong) {
      fieldRefs[wrong].current?.focus();
      return;
    }
    if (removesSso(form, stored)) setConfirmRemoval(true);
    else void send();
  };

  const sectionProps = { form, errors, onChange: change };
  return (
    <form noValidate onSubmit={submit} aria-busy={saving}>
      <Stack gap="lg">
        {alertFor('form')}
        <Fieldset variant="unstyled" disabled={saving}>
          <Stack gap="lg">
            <PasswordSection {...sectionProps} alert={alertFor('passwords')} daysRef={daysRef} />
            <TwoFactorSection {...sectionProps} alert={alertFor('two-factor')} />
            <SsoSection
              {...sectionProps}
              alert={alertFor('sso')}
              policy={stored}
              identifierRef={identifierRef}
              metadataRef={metadataRef}
            />
          </Stack>
        </Fieldset>
        <Group justify="flex-end" gap="sm">
          {saved && (
            <Alert color="green" icon={<IconCheck size={18} aria-hidden />} role="status" py={6}>
              {t('saved')}
            </Alert>
          )}
          <Button type="submit" disabled={!changed} loading={saving}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
      {confirmRemoval && stored.sso && (
        <RemoveSsoDialog
          identifier={stored.sso.identifier}
          busy={saving}
          onCancel={() => setConfirmRemoval(false)}
          onConfirm={() => void send()}
        />
      )}
    </form>
  );
}
