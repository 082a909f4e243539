#include <alsa/asoundlib.h>

/* ALSA prints its own errors to stderr, several lines for one missing device; the kiosk
   says what failed in one line of its own. The handler is variadic, which Swift cannot
   write, so it lives here. */
static void kiosk_alsa_ignore_error(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

static inline void kiosk_alsa_silence_errors(void) {
    snd_lib_error_set_handler(kiosk_alsa_ignore_error);
}
