import { useSearchParams } from 'react-router';

/** E-mail and code of a mailed link (`?email=…&code=…`); empty strings when missing. */
export function useLinkParams(): { email: string; code: string } {
  const [params] = useSearchParams();
  return { email: params.get('email')?.trim() ?? '', code: params.get('code')?.trim() ?? '' };
}
