import { List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { noteText } from '../../../app/versionInfo';
import type { WhatsNewNote } from '../../../app/whatsNew';

export interface WhatsNewListProps {
  notes: readonly WhatsNewNote[];
  /** The list's accessible name. */
  label: string;
}

/** A version's what's-new notes in the portal's language. */
export function WhatsNewList({ notes, label }: WhatsNewListProps) {
  const { i18n } = useTranslation();
  return (
    <List size="sm" spacing={4} aria-label={label}>
      {notes.map((note) => (
        <List.Item key={note.en}>{noteText(note, i18n.language)}</List.Item>
      ))}
    </List>
  );
}
