import { Alert, Button, Fieldset, Group, NumberInput, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionErrorMessages } from '../actionErrors';
import {
  activeImagers,
  type CameraFormErrorField,
  type CameraFormErrors,
  type CameraFormField,
  type CameraFormMode,
  type CameraFormValues,
  hasErrors,
  type ImagerUrlField,
  validateCameraForm,
  withImagerUrl,
} from '../cameraForm';
import { MAX_IMAGER_COUNT, MAX_RETENTION_DAYS, MIN_IMAGER_COUNT, MIN_RETENTION_DAYS } from '../constants';
import { ImagerSourceFields } from './ImagerSourceFields';
import { RtspUrlInput } from './RtspUrlInput';

export const MAIN_URL_PLACEHOLDER = 'rtsp://user:password@192.168.1.20:554/stream1';
export const SUB_URL_PLACEHOLDER = 'rtsp://user:password@192.168.1.20:554/stream2';

export interface CameraFormProps {
  mode: CameraFormMode;
  initialValues: CameraFormValues;
  /** Saves the values; a rejection (an `ApiError`) is shown in the form and the values stay. */
  onSubmit: (values: CameraFormValues) => Promise<void>;
  onCancel: () => void;
  /** Told when saving starts and ends, so the modal can refuse to close meanwhile. */
  onSavingChange?: (saving: boolean) => void;
}

/** The add/edit fields with the contract's validation; locked while saving, server errors shown above the buttons. */
export function CameraForm({ mode, initialValues, onSubmit, onCancel, onSavingChange }: CameraFormProps) {
  const { t } = useTranslation('admin');
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<CameraFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const mainRequired = mode === 'add' || initialValues.mainUrl.length > 0;
  const imagers = activeImagers(values);
  // The camera's own URLs are its first imager's once it has more than one.
  const multiImager = imagers.length > 0;

  const update = (next: CameraFormValues) => {
    setValues(next);
    // After a first submit the messages follow the typing, so a fixed field loses its message at once.
    if (submitted) setErrors(validateCameraForm(next, mainRequired));
  };
  const setField = <K extends CameraFormField>(field: K, value: CameraFormValues[K]) =>
    update({ ...values, [field]: value });
  const setImagerUrl = (imagerId: number, field: ImagerUrlField, value: string) =>
    update(withImagerUrl(values, imagerId, field, value));
  const errorText = (field: CameraFormErrorField): string | undefined => {
    const error = errors[field];
    return error ? t(error.key, error.values) : undefined;
  };
  const setBusy = (busy: boolean) => {
    setSaving(busy);
    onSavingChange?.(busy);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSubmitted(true);
    const found = validateCameraForm(values, mainRequired);
    setErrors(found);
    if (hasErrors(found)) return;
    setServerErrors([]);
    setBusy(true);
    try {
      await onSubmit(values);
    } catch (error) {
      setServerErrors(actionErrorMessages(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={saving}>
      <Fieldset variant="unstyled" disabled={saving}>
        <Stack gap="sm">
          <TextInput
            label={t('field-name')}
            required
            value={values.name}
            error={errorText('name')}
            onChange={(event) => setField('name', event.currentTarget.value)}
            data-autofocus
          />
          <NumberInput
            label={t('field-imager-count')}
            description={mode === 'add' ? t('field-imager-count-description') : t('field-imager-count-fixed')}
            value={values.imagerCount}
            error={errorText('imagerCount')}
            onChange={(value) => setField('imagerCount', typeof value === 'number' ? value : '')}
            min={MIN_IMAGER_COUNT}
            max={MAX_IMAGER_COUNT}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            readOnly={mode === 'edit'}
            hideControls={mode === 'edit'}
            required={mode === 'add'}
          />
          <RtspUrlInput
            label={t('field-main-url')}
            description={multiImager ? t('field-main-url-description-multi') : t('field-main-url-description')}
            placeholder={MAIN_URL_PLACEHOLDER}
            required={mainRequired}
            value={values.mainUrl}
            error={errorText('mainUrl')}
            initiallyRevealed={mode === 'add'}
            onChange={(value) => setField('mainUrl', value)}
          />
          <RtspUrlInput
            label={t('field-sub-url')}
            description={multiImager ? t('field-sub-url-description-multi') : t('field-sub-url-description')}
            placeholder={SUB_URL_PLACEHOLDER}
            value={values.subUrl}
            error={errorText('subUrl')}
            initiallyRevealed={mode === 'add'}
            onChange={(value) => setField('subUrl', value)}
          />
          <ImagerSourceFields
            imagers={imagers}
            errors={errors.imagers}
            initiallyRevealed={mode === 'add'}
            onChange={setImagerUrl}
          />
          <TextInput
            label={t('field-model')}
            value={values.model}
            error={errorText('model')}
            onChange={(event) => setField('model', event.currentTarget.value)}
          />
          <TagsInput
            label={t('field-tags')}
            placeholder={t('field-tags-placeholder')}
            value={values.tags}
            error={errorText('tags')}
            onChange={(tags) => setField('tags', tags)}
            clearable
          />
          <Textarea
            label={t('field-notes')}
            value={values.notes}
            error={errorText('notes')}
            onChange={(event) => setField('notes', event.currentTarget.value)}
            rows={3}
          />
          <NumberInput
            label={t('field-retention')}
            description={t('field-retention-description')}
            value={values.retentionDays}
            error={errorText('retentionDays')}
            onChange={(value) => setField('retentionDays', typeof value === 'number' ? value : '')}
            min={MIN_RETENTION_DAYS}
            max={MAX_RETENTION_DAYS}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            required
          />
          {serverErrors.length > 0 && (
            <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title={t('save-failed')} role="alert">
              {serverErrors.map((message) => (
                <div key={message}>{message}</div>
              ))}
            </Alert>
          )}
        </Stack>
      </Fieldset>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={saving}>
          {t('cancel')}
        </Button>
        <Button type="submit" loading={saving}>
          {mode === 'add' ? t('add-camera') : t('save')}
        </Button>
      </Group>
    </form>
  );
}
