/**
 * What's new in this version of the portal: the user-facing changes, newest first, in every portal language. The
 * header's what's-new popover shows them for the running version; the build copies them into dist/version.json
 * (scripts/serviceWorkerBuild.ts), where the update dialog of an older version reads them as the new version's notes.
 * Kept free of app imports: the build (Node) reads this file too.
 */
export interface WhatsNewNote {
  en: string;
  es: string;
}

export const WHATS_NEW: readonly WhatsNewNote[] = [
  {
    en: 'Sign-in codes by e-mail and text message: ask for a one-time code instead of typing your password.',
    es: 'Códigos de acceso por correo electrónico y mensaje de texto: solicite un código de un solo uso en lugar de escribir su contraseña.',
  },
  {
    en: 'Two-factor sign-in with an authenticator app: turn it on from the user menu and keep your recovery codes.',
    es: 'Inicio de sesión en dos pasos con una aplicación de autenticación: actívelo desde el menú de usuario y guarde sus códigos de recuperación.',
  },
  {
    en: 'Similarity search: the slider labels stay inside the panel and read clearly at every width.',
    es: 'Búsqueda por similitud: las etiquetas del control deslizante quedan dentro del panel y se leen bien en cualquier ancho.',
  },
  {
    en: 'Clip player: an event clip plays its own length with the player’s controls and stops at its end.',
    es: 'Reproductor de clips: el clip de un evento se reproduce con su propia duración, con los controles del reproductor, y se detiene al final.',
  },
];
