/** Searching and paging the admin's account list (pure, so the Accounts tab stays a thin view). */
export interface AdminAccount {
  id: string;
  email: string | null;
  name: string | null;
  avatar: string | null;
  role: 'user' | 'admin';
  subscription_tier: 'free' | 'starter' | 'organizer';
  created_at: string;
  last_sign_in_at: string | null;
  is_banned: boolean;
}

export interface AccountPage {
  accounts: AdminAccount[];
  total: number;
  page: number;
  pageCount: number;
}

/** Accounts whose name or email contains every word of the query (any case), one page of them. */
export function searchAccounts(
  all: readonly AdminAccount[],
  query: string,
  page: number,
  pageSize: number,
): AccountPage {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = all.filter((account) => {
    const text = `${account.name ?? ''} ${account.email ?? ''}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
  const pageCount = Math.max(1, Math.ceil(matches.length / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  return {
    accounts: matches.slice((current - 1) * pageSize, current * pageSize),
    total: matches.length,
    page: current,
    pageCount,
  };
}
