import './signInPolicyTexts';
import { Button, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { type Ref, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FormErrors, MAX_METADATA_BYTES, MAX_METADATA_KB } from './signInPolicyModel';

export interface MetadataFieldProps {
  value: string;
  /** The form's check, once Save was tried. */
  error: FormErrors['metadata'];
  /** Single sign-on is set up already: an empty field keeps its metadata. */
  keepCurrent: boolean;
  onChange: (metadata: string) => void;
  textareaRef: Ref<HTMLTextAreaElement>;
}

type FileProblem = 'too-large' | 'unreadable';

/**
 * The identity provider's metadata (XML): pasted, or read from a chosen file of at most 256 KB (a refused file is
 * announced beside the button; the text stays as it was).
 */
export function MetadataField({ value, error, keepCurrent, onChange, textareaRef }: MetadataFieldProps) {
  const { t } = useTranslation('signInPolicy');
  const [fileProblem, setFileProblem] = useState<FileProblem | null>(null);
  const resetFile = useRef<() => void>(null);

  const load = (file: File | null) => {
    // The same file may be chosen again (after an edit of the text, say).
    resetFile.current?.();
    if (!file) return;
    if (file.size > MAX_METADATA_BYTES) {
      setFileProblem('too-large');
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      setFileProblem(null);
      onChange(typeof reader.result === 'string' ? reader.result : '');
    };
    reader.onerror = () => setFileProblem('unreadable');
    reader.readAsText(file);
  };

  return (
    <Stack gap={6} align="flex-start">
      <Textarea
        ref={textareaRef}
        label={t('idp-metadata')}
        description={keepCurrent ? t('idp-metadata-description-keep') : t('idp-metadata-description-new')}
        value={value}
        error={error ? t('idp-metadata-required') : undefined}
        onChange={(event) => {
          setFileProblem(null);
          onChange(event.currentTarget.value);
        }}
        required={!keepCurrent}
        rows={8}
        resize="vertical"
        spellCheck={false}
        autoComplete="off"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
        w="100%"
      />
      <Group gap="sm">
        <FileButton
          onChange={load}
          accept=".xml,application/xml,text/xml"
          resetRef={resetFile}
          inputProps={{ 'aria-label': t('load-file') }}
        >
          {(props) => (
            <Button variant="default" size="xs" {...props}>
              {t('load-file')}
            </Button>
          )}
        </FileButton>
        {fileProblem && (
          <Text size="sm" c="red" role="alert">
            {fileProblem === 'too-large' ? t('file-too-large', { max: MAX_METADATA_KB }) : t('file-unreadable')}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
