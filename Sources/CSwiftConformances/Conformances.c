// Walks the Swift runtime's protocol conformance records (the `swift5_protocol_conformances`
// section of every image) for `kiosk_conforming_types`. Hand-written because nothing else
// reads these records: Swift has no API to list a protocol's conforming types, and the
// runtime's own conformance lookups go from a type to its conformances, not the other way.
//
// It relies on the layout the Swift ABI fixes for ELF images (swift/ABI/Metadata.h,
// swift/RemoteInspection/Records.h and the runtime's ImageInspection.h), the same layout
// Swift Testing relies on to find tests:
// - `swift_enumerateAllMetadataSections`, which the runtime exports, calls back with each
//   image's `MetadataSections`: a version word, the image's base address, two reserved
//   words, then {start, length} ranges, protocols first and conformances second (later
//   versions of the structure only add ranges at its end).
// - A conformance section is an array of 32-bit relative pointers to conformance descriptors:
//   {protocol: relative and indirectable (low bit set: it points at a pointer), type
//   reference: relative, interpreted by bits 3-5 of flags (0: to a type descriptor, 1: to a
//   pointer to one; 2 and 3 are Objective-C classes), witness table pattern, flags}.
// - A context descriptor starts {flags (kind in the low 5 bits: 0 module, 16 class, 17 struct,
//   18 enum; 0x80: generic), parent: relative and indirectable, name: relative to a C string};
//   a type descriptor then has its metadata accessor, relative, a Swift function that takes
//   a metadata request and returns the metadata and its state in two registers.

#include "CSwiftConformances.h"
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

struct SectionRange {
    uintptr_t start;
    size_t length;
};

struct MetadataSections {
    uintptr_t version;
    const void *baseAddress;
    void *reserved0;
    void *reserved1;
    struct SectionRange protocols;
    struct SectionRange protocolConformances;
};

extern void swift_enumerateAllMetadataSections(bool (*body)(const struct MetadataSections *sections, void *context),
                                               void *context);

struct MetadataResponse {
    const void *metadata;
    size_t state;
};

typedef struct MetadataResponse (*MetadataAccessor)(size_t request) __attribute__((swiftcall));

/// The blocking request for complete metadata (MetadataState::Complete, 0).
static const size_t completeMetadataRequest = 0;

/// What a relative pointer at `field` points to, or NULL for a zero offset.
static const void *relative(const int32_t *field) {
    if (*field == 0) return NULL;
    return (const char *)field + *field;
}

/// What a relative pointer at `field` whose low bit marks an indirection points to.
static const void *relativeIndirectable(const int32_t *field) {
    int32_t offset = *field;
    if (offset == 0) return NULL;
    const char *target = (const char *)field + (offset & ~1);
    return (offset & 1) ? *(const void *const *)target : target;
}

struct ContextDescriptor {
    uint32_t flags;
    int32_t parent;
    int32_t name;
};

struct TypeDescriptor {
    struct ContextDescriptor context;
    int32_t accessor;
};

struct ConformanceDescriptor {
    int32_t protocol;
    int32_t typeReference;
    int32_t witnessTablePattern;
    uint32_t flags;
};

enum { kindModule = 0, kindClass = 16, kindEnum = 18, genericFlag = 0x80 };

static bool isNamed(const struct ContextDescriptor *descriptor, const char *name) {
    const char *own = relative(&descriptor->name);
    return own != NULL && strcmp(own, name) == 0;
}

/// Whether `protocol` is `protocolName` declared at the top level of `moduleName`.
static bool isProtocol(const struct ContextDescriptor *protocol, const char *moduleName, const char *protocolName) {
    if (protocol == NULL || !isNamed(protocol, protocolName)) return false;
    const struct ContextDescriptor *module = relativeIndirectable(&protocol->parent);
    return module != NULL && (module->flags & 0x1F) == kindModule && isNamed(module, moduleName);
}

/// The conforming type's descriptor, when the record names a Swift type.
static const struct TypeDescriptor *conformingType(const struct ConformanceDescriptor *conformance) {
    const void *target = relative(&conformance->typeReference);
    switch ((conformance->flags >> 3) & 7) {
    case 0: return target;
    case 1: return target != NULL ? *(const struct TypeDescriptor *const *)target : NULL;
    default: return NULL;
    }
}

struct Search {
    const char *moduleName;
    const char *protocolName;
    const void **types;
    size_t capacity;
    size_t count;
};

static bool searchImage(const struct MetadataSections *sections, void *context) {
    struct Search *search = context;
    if (sections->version < 1) return true;
    const int32_t *records = (const int32_t *)sections->protocolConformances.start;
    size_t count = sections->protocolConformances.length / sizeof(int32_t);
    for (size_t index = 0; index < count; index++) {
        const struct ConformanceDescriptor *conformance = relative(&records[index]);
        if (conformance == NULL) continue;
        if (!isProtocol(relativeIndirectable(&conformance->protocol), search->moduleName, search->protocolName)) continue;
        const struct TypeDescriptor *type = conformingType(conformance);
        if (type == NULL) continue;
        uint32_t kind = type->context.flags & 0x1F;
        if (kind < kindClass || kind > kindEnum || (type->context.flags & genericFlag)) continue;
        MetadataAccessor accessor = (MetadataAccessor)relative(&type->accessor);
        if (accessor == NULL) continue;
        if (search->count < search->capacity) search->types[search->count] = accessor(completeMetadataRequest).metadata;
        search->count += 1;
    }
    return true;
}

size_t kiosk_conforming_types(const char *moduleName, const char *protocolName, const void **types, size_t capacity) {
    struct Search search = {moduleName, protocolName, types, capacity, 0};
    swift_enumerateAllMetadataSections(searchImage, &search);
    return search.count;
}
