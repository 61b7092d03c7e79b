import { z } from 'zod';
import { newPasswordSchema } from '@saldopilot/shared';

export const passwordMismatch = 'Passwörter stimmen nicht überein';

const newPasswordTwice = {
  password: newPasswordSchema,
  passwordRepeat: z.string({ error: 'Passwort wird benötigt' }).min(1, 'Passwort wird benötigt'),
};

/** A form with a new password typed twice, plus `more` fields (validate and reset pages). */
export function withNewPasswordTwice<Shape extends z.ZodRawShape>(more: Shape) {
  return z.object({ ...more, ...newPasswordTwice }).refine(
    (value) => {
      const { password, passwordRepeat } = value as { password: string; passwordRepeat: string };
      return password === passwordRepeat;
    },
    {
      message: passwordMismatch,
      path: ['passwordRepeat'],
    },
  );
}
