#ifndef CSWIFTCONFORMANCES_H
#define CSWIFTCONFORMANCES_H

#include <stddef.h>

/// Finds the types that conform to one protocol, in every image loaded into the process (the
/// executable and its shared libraries): an app's `previews` subcommand finds the previews
/// compiled into it this way. Swift has no public API to list a protocol's conforming types,
/// and no library serves it; Swift Testing finds its tests the same way (its
/// `_TestingInternals/Discovery.cpp`, from the same runtime function and record layouts).
///
/// Writes the type metadata of up to `capacity` non-generic types conforming to the protocol
/// `protocolName` declared in module `moduleName` to `types`; returns how many there are in
/// all (call again with a larger buffer when that is more than `capacity`). Each pointer is
/// a Swift metatype (`unsafeBitCast(pointer, to: Any.Type.self)`). Calling it runs the types'
/// metadata accessors, so call it from Swift code, never from a signal handler.
size_t kiosk_conforming_types(const char *moduleName, const char *protocolName, const void **types, size_t capacity);

#endif
