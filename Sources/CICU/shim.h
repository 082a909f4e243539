// The system ICU's C API under names Swift can call: ICU renames each function after its
// version (uplrules_open is a macro for uplrules_open_72 on bookworm, _76 on trixie), and
// Swift sees no function-like macro. Each wrapper keeps ICU's own signature.
#include <unicode/uloc.h>
#include <unicode/upluralrules.h>
#include <unicode/unum.h>
#include <unicode/udat.h>
#include <unicode/udatpg.h>

static inline UPluralRules *kiosk_uplrules_open(const char *locale, UErrorCode *status) {
    return uplrules_open(locale, status);
}
static inline int32_t kiosk_uplrules_select(const UPluralRules *rules, double number, UChar *keyword,
                                            int32_t capacity, UErrorCode *status) {
    return uplrules_select(rules, number, keyword, capacity, status);
}

static inline UNumberFormat *kiosk_unum_open(UNumberFormatStyle style, const char *locale, UErrorCode *status) {
    return unum_open(style, NULL, 0, locale, NULL, status);
}
static inline void kiosk_unum_close(UNumberFormat *format) { unum_close(format); }
static inline void kiosk_unum_setAttribute(UNumberFormat *format, UNumberFormatAttribute attribute, int32_t value) {
    unum_setAttribute(format, attribute, value);
}
static inline void kiosk_unum_setTextAttribute(UNumberFormat *format, UNumberFormatTextAttribute attribute,
                                               const UChar *value, int32_t length, UErrorCode *status) {
    unum_setTextAttribute(format, attribute, value, length, status);
}
static inline int32_t kiosk_unum_formatDouble(const UNumberFormat *format, double number, UChar *result,
                                              int32_t capacity, UErrorCode *status) {
    return unum_formatDouble(format, number, result, capacity, NULL, status);
}
static inline int32_t kiosk_unum_formatInt64(const UNumberFormat *format, int64_t number, UChar *result,
                                             int32_t capacity, UErrorCode *status) {
    return unum_formatInt64(format, number, result, capacity, NULL, status);
}
static inline int32_t kiosk_unum_getSymbol(const UNumberFormat *format, UNumberFormatSymbol symbol, UChar *result,
                                           int32_t capacity, UErrorCode *status) {
    return unum_getSymbol(format, symbol, result, capacity, status);
}

static inline UDateTimePatternGenerator *kiosk_udatpg_open(const char *locale, UErrorCode *status) {
    return udatpg_open(locale, status);
}
static inline void kiosk_udatpg_close(UDateTimePatternGenerator *generator) { udatpg_close(generator); }
static inline int32_t kiosk_udatpg_getBestPattern(UDateTimePatternGenerator *generator, const UChar *skeleton,
                                                  int32_t length, UChar *pattern, int32_t capacity,
                                                  UErrorCode *status) {
    return udatpg_getBestPattern(generator, skeleton, length, pattern, capacity, status);
}
static inline UDateFormat *kiosk_udat_open(const char *locale, const UChar *timeZone, int32_t timeZoneLength,
                                           const UChar *pattern, int32_t patternLength, UErrorCode *status) {
    return udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, timeZone, timeZoneLength, pattern, patternLength, status);
}
static inline void kiosk_udat_close(UDateFormat *format) { udat_close(format); }
static inline int32_t kiosk_udat_format(const UDateFormat *format, UDate date, UChar *result, int32_t capacity,
                                        UErrorCode *status) {
    return udat_format(format, date, result, capacity, NULL, status);
}

static inline UBool kiosk_uloc_isRightToLeft(const char *locale) { return uloc_isRightToLeft(locale); }
static inline int32_t kiosk_uloc_getLanguage(const char *locale, char *language, int32_t capacity, UErrorCode *status) {
    return uloc_getLanguage(locale, language, capacity, status);
}
static inline int32_t kiosk_uloc_getCountry(const char *locale, char *country, int32_t capacity, UErrorCode *status) {
    return uloc_getCountry(locale, country, capacity, status);
}
static inline int32_t kiosk_uloc_getScript(const char *locale, char *script, int32_t capacity, UErrorCode *status) {
    return uloc_getScript(locale, script, capacity, status);
}
static inline int32_t kiosk_uloc_forLanguageTag(const char *tag, char *locale, int32_t capacity, int32_t *parsedLength,
                                                UErrorCode *status) {
    return uloc_forLanguageTag(tag, locale, capacity, parsedLength, status);
}
static inline int32_t kiosk_uloc_toLanguageTag(const char *locale, char *tag, int32_t capacity, UErrorCode *status) {
    return uloc_toLanguageTag(locale, tag, capacity, 0, status);
}
static inline const char *const *kiosk_uloc_getISOLanguages(void) { return uloc_getISOLanguages(); }
static inline const char *const *kiosk_uloc_getISOCountries(void) { return uloc_getISOCountries(); }
