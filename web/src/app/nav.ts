import { ADMIN_ROLE, isSubscriberRole } from '../shared/auth/access';
import type { TokenClaims } from '../shared/auth/token';

export type NavIcon = 'home' | 'chat' | 'work' | 'track' | 'plan' | 'food' | 'prog' | 'analytics' | 'prof' | 'login' | 'logout' | 'help' | 'tickets';
export interface NavItem {
  label: string;
  to: string;
  icon: NavIcon;
}

/**
 * docs/product.md#screens-feature-by-feature's navigation: role 3 (and staff, docs/adr/0040) see Dashboard (Home), AI Chat, Exercises,
 * the workout Tracker (where sets are logged: one tap away, not only behind a plan), Meal Plans, the Food log (what was eaten, searched and logged) and Progress; everyone else Home and AI Chat. Staff also get Tickets (the support
 * list) and Analytics (the staff page of docs/adr/0190, which the spec does not know). Signed-in users also get Profile (Logout is a button, added by the nav); visitors get
 * Sign In.
 */
export function navItems(claims: Pick<TokenClaims, 'role'> | undefined): NavItem[] {
  const items: NavItem[] = isSubscriberRole(claims?.role)
    ? [
        { label: 'Dashboard', to: '/', icon: 'home' },
        { label: 'AI Chat', to: '/chat', icon: 'chat' },
        { label: 'Exercises', to: '/work', icon: 'work' },
        { label: 'Tracker', to: '/track', icon: 'track' },
        { label: 'Meal Plans', to: '/plan', icon: 'plan' },
        { label: 'Food', to: '/food', icon: 'food' },
        { label: 'Progress', to: '/prog', icon: 'prog' },
      ]
    : [
        { label: 'Home', to: claims ? '/' : '/home', icon: 'home' },
        { label: 'AI Chat', to: '/chat', icon: 'chat' },
      ];
  if (claims?.role === ADMIN_ROLE) items.push({ label: 'Tickets', to: '/tickets', icon: 'tickets' }, { label: 'Analytics', to: '/analytics', icon: 'analytics' });
  if (claims) items.push({ label: 'Profile', to: '/prof', icon: 'prof' });
  else items.push({ label: 'Sign In', to: '/login', icon: 'login' });
  return items;
}
