import '../usersTexts';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MEMBER_ROLES, type MemberRole, ROLE_LABEL_KEYS } from '../memberModel';

export interface RoleSelectProps {
  value: MemberRole;
  onChange: (role: MemberRole) => void;
  disabled: boolean;
  autoFocus?: boolean;
}

/** Viewer, Administrator or Org-write administrator, as the member dialogs ask it. */
export function RoleSelect({ value, onChange, disabled, autoFocus }: RoleSelectProps) {
  const { t } = useTranslation('users');
  return (
    <Select
      label={t('users-field-role')}
      data={MEMBER_ROLES.map((role) => ({ value: role, label: t(ROLE_LABEL_KEYS[role]) }))}
      value={value}
      onChange={(role) => {
        if (role) onChange(role as MemberRole);
      }}
      allowDeselect={false}
      disabled={disabled}
      comboboxProps={{ withinPortal: false }}
      data-autofocus={autoFocus || undefined}
    />
  );
}
