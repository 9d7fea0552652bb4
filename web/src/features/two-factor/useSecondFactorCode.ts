import { useState } from 'react';
import {
  checkSecondFactorCode,
  cleanAuthenticatorInput,
  type SecondFactorCodeProblem,
  type SecondFactorKind,
} from './secondFactorCode';

/** What `SecondFactorCodeField` shows and reports; spread from `useSecondFactorCode().field`. */
export interface SecondFactorCodeState {
  kind: SecondFactorKind;
  value: string;
  problem: SecondFactorCodeProblem | null;
  onChange: (value: string) => void;
  onKindChange: (kind: SecondFactorKind) => void;
}

/**
 * The state of one second-factor code field: its kind (authenticator or recovery code), value and validation message.
 * `take()` checks the value before anything is sent: the code to send, or null with the field's message set.
 */
export function useSecondFactorCode() {
  const [kind, setKind] = useState<SecondFactorKind>('authenticator');
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<SecondFactorCodeProblem | null>(null);

  const take = (): string | null => {
    const checked = checkSecondFactorCode(kind, value);
    setProblem(checked.ok ? null : checked.problem);
    return checked.ok ? checked.code : null;
  };

  const field: SecondFactorCodeState = {
    kind,
    value,
    problem,
    onChange: (next) => {
      setValue(kind === 'authenticator' ? cleanAuthenticatorInput(next) : next);
      setProblem(null);
    },
    onKindChange: (next) => {
      setKind(next);
      setValue('');
      setProblem(null);
    },
  };

  return { kind, take, field };
}
