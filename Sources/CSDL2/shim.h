// SDL2 for `--display window`, loaded when a window is asked for rather than linked: a
// board's kiosk needs no SDL, X11 or Wayland libraries, only a desktop's does. The headers
// (libsdl2-dev) give the types; Swift calls the `kiosk_SDL_…` functions below, each of which
// looks its SDL function up once.
#include <dlfcn.h>
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>

static inline void *kiosk_sdl_library(void) {
    static void *library;
    if (!library) library = dlopen("libSDL2-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    return library;
}

/// Loads SDL2: NULL when it is there, else why not.
static inline const char *kiosk_sdl_load(void) {
    if (kiosk_sdl_library()) return NULL;
    const char *reason = dlerror();
    return reason ? reason : "libSDL2-2.0.so.0 cannot be loaded";
}

#define KIOSK_SDL(result, name, parameters, arguments)                                  \
    static inline result kiosk_##name parameters {                                      \
        static __typeof__(&name) function;                                              \
        if (!function) function = (__typeof__(&name))dlsym(kiosk_sdl_library(), #name); \
        return function arguments;                                                      \
    }

KIOSK_SDL(int, SDL_Init, (Uint32 flags), (flags))
KIOSK_SDL(void, SDL_Quit, (void), ())
KIOSK_SDL(SDL_bool, SDL_SetHint, (const char *name, const char *value), (name, value))
KIOSK_SDL(const char *, SDL_GetError, (void), ())
KIOSK_SDL(int, SDL_GetDisplayUsableBounds, (int display, SDL_Rect *rect), (display, rect))
KIOSK_SDL(SDL_Window *, SDL_CreateWindow, (const char *title, int x, int y, int w, int h, Uint32 flags),
          (title, x, y, w, h, flags))
KIOSK_SDL(void, SDL_DestroyWindow, (SDL_Window *window), (window))
KIOSK_SDL(Uint32, SDL_GetWindowID, (SDL_Window *window), (window))
KIOSK_SDL(SDL_bool, SDL_GetWindowWMInfo, (SDL_Window *window, SDL_SysWMinfo *info), (window, info))
KIOSK_SDL(SDL_Renderer *, SDL_CreateRenderer, (SDL_Window *window, int index, Uint32 flags), (window, index, flags))
KIOSK_SDL(void, SDL_DestroyRenderer, (SDL_Renderer *renderer), (renderer))
KIOSK_SDL(int, SDL_RenderSetLogicalSize, (SDL_Renderer *renderer, int w, int h), (renderer, w, h))
KIOSK_SDL(SDL_Texture *, SDL_CreateTexture, (SDL_Renderer *renderer, Uint32 format, int access, int w, int h),
          (renderer, format, access, w, h))
KIOSK_SDL(void, SDL_DestroyTexture, (SDL_Texture *texture), (texture))
KIOSK_SDL(int, SDL_UpdateTexture, (SDL_Texture *texture, const SDL_Rect *rect, const void *pixels, int pitch),
          (texture, rect, pixels, pitch))
KIOSK_SDL(int, SDL_SetRenderDrawColor, (SDL_Renderer *renderer, Uint8 r, Uint8 g, Uint8 b, Uint8 a),
          (renderer, r, g, b, a))
KIOSK_SDL(int, SDL_RenderClear, (SDL_Renderer *renderer), (renderer))
KIOSK_SDL(int, SDL_RenderCopy, (SDL_Renderer *renderer, SDL_Texture *texture, const SDL_Rect *source, const SDL_Rect *target),
          (renderer, texture, source, target))
KIOSK_SDL(void, SDL_RenderPresent, (SDL_Renderer *renderer), (renderer))
KIOSK_SDL(void, SDL_PumpEvents, (void), ())
KIOSK_SDL(int, SDL_PollEvent, (SDL_Event *event), (event))
KIOSK_SDL(SDL_bool, SDL_HasEvents, (Uint32 first, Uint32 last), (first, last))

/// The descriptor of the connection to the desktop behind `window` (X11's socket, or
/// Wayland's), which becomes readable when the desktop sends the window events; -1 for
/// another video driver. In C because ConnectionNumber and SDL_VERSION are macros.
static inline int kiosk_sdl_connection_fd(SDL_Window *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!kiosk_SDL_GetWindowWMInfo(window, &info)) return -1;
    switch (info.subsystem) {
    case SDL_SYSWM_X11: return ConnectionNumber(info.info.x11.display);
    case SDL_SYSWM_WAYLAND: {
        // SDL loaded libwayland-client for itself; this finds that copy.
        int (*get_fd)(struct wl_display *) =
            (int (*)(struct wl_display *))dlsym(dlopen("libwayland-client.so.0", RTLD_NOW | RTLD_LOCAL), "wl_display_get_fd");
        return get_fd ? get_fd(info.info.wl.display) : -1;
    }
    default: return -1;
    }
}
