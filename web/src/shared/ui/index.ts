/** The shared components of the design system (theme.css holds their look). */
export { Button, ButtonLink, buttonClass, type ButtonVariant } from './Button';
export { Check, DateInput, Field, Input, Select, TextArea } from './Field';
export { Dialog } from './Dialog';
export { Later } from './Later';
export { Spinner } from './Spinner';
export { TOAST_MS, ToastProvider, useToast, type ToastKind } from './Toast';
