#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <wayland-client-core.h>

/// The descriptor of the connection to the desktop behind `window` (X11's socket, or
/// Wayland's), which becomes readable when the desktop sends the window events; -1 for
/// another video driver. A function here because ConnectionNumber and SDL_VERSION are macros.
static inline int kiosk_sdl_connection_fd(SDL_Window *window) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info)) return -1;
    switch (info.subsystem) {
    case SDL_SYSWM_X11: return ConnectionNumber(info.info.x11.display);
    case SDL_SYSWM_WAYLAND: return wl_display_get_fd(info.info.wl.display);
    default: return -1;
    }
}
