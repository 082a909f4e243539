#include "CICU.h"
#include <unicode/uloc.h>
#include <unicode/upluralrules.h>
#include <unicode/unum.h>
#include <unicode/udat.h>
#include <unicode/udatpg.h>

_Static_assert(KIOSK_U_ZERO_ERROR == U_ZERO_ERROR, "U_ZERO_ERROR");
_Static_assert(KIOSK_U_BUFFER_OVERFLOW_ERROR == U_BUFFER_OVERFLOW_ERROR, "U_BUFFER_OVERFLOW_ERROR");
_Static_assert(KIOSK_UNUM_DECIMAL == UNUM_DECIMAL, "UNUM_DECIMAL");
_Static_assert(KIOSK_UNUM_CURRENCY == UNUM_CURRENCY, "UNUM_CURRENCY");
_Static_assert(KIOSK_UNUM_PERCENT == UNUM_PERCENT, "UNUM_PERCENT");
_Static_assert(KIOSK_UNUM_GROUPING_USED == UNUM_GROUPING_USED, "UNUM_GROUPING_USED");
_Static_assert(KIOSK_UNUM_MAX_FRACTION_DIGITS == UNUM_MAX_FRACTION_DIGITS, "UNUM_MAX_FRACTION_DIGITS");
_Static_assert(KIOSK_UNUM_MIN_FRACTION_DIGITS == UNUM_MIN_FRACTION_DIGITS, "UNUM_MIN_FRACTION_DIGITS");
_Static_assert(KIOSK_UNUM_MULTIPLIER == UNUM_MULTIPLIER, "UNUM_MULTIPLIER");
_Static_assert(KIOSK_UNUM_CURRENCY_CODE == UNUM_CURRENCY_CODE, "UNUM_CURRENCY_CODE");
_Static_assert(KIOSK_UNUM_DECIMAL_SEPARATOR_SYMBOL == UNUM_DECIMAL_SEPARATOR_SYMBOL, "UNUM_DECIMAL_SEPARATOR_SYMBOL");
_Static_assert(sizeof(UChar) == sizeof(uint16_t) && sizeof(UErrorCode) == sizeof(int32_t), "ICU's UChar and UErrorCode");

kiosk_plural_rules *kiosk_uplrules_open(const char *locale, int32_t *status) {
    return (kiosk_plural_rules *)uplrules_open(locale, (UErrorCode *)status);
}
int32_t kiosk_uplrules_select(const kiosk_plural_rules *rules, double number, uint16_t *keyword, int32_t capacity,
                              int32_t *status) {
    return uplrules_select((const UPluralRules *)rules, number, (UChar *)keyword, capacity, (UErrorCode *)status);
}

kiosk_number_format *kiosk_unum_open(int32_t style, const char *locale, int32_t *status) {
    return (kiosk_number_format *)unum_open((UNumberFormatStyle)style, NULL, 0, locale, NULL, (UErrorCode *)status);
}
void kiosk_unum_close(kiosk_number_format *format) { unum_close((UNumberFormat *)format); }
void kiosk_unum_setAttribute(kiosk_number_format *format, int32_t attribute, int32_t value) {
    unum_setAttribute((UNumberFormat *)format, (UNumberFormatAttribute)attribute, value);
}
void kiosk_unum_setTextAttribute(kiosk_number_format *format, int32_t attribute, const uint16_t *value, int32_t length,
                                 int32_t *status) {
    unum_setTextAttribute((UNumberFormat *)format, (UNumberFormatTextAttribute)attribute, (const UChar *)value, length,
                          (UErrorCode *)status);
}
int32_t kiosk_unum_formatDouble(const kiosk_number_format *format, double number, uint16_t *result, int32_t capacity,
                                int32_t *status) {
    return unum_formatDouble((const UNumberFormat *)format, number, (UChar *)result, capacity, NULL, (UErrorCode *)status);
}
int32_t kiosk_unum_formatInt64(const kiosk_number_format *format, int64_t number, uint16_t *result, int32_t capacity,
                               int32_t *status) {
    return unum_formatInt64((const UNumberFormat *)format, number, (UChar *)result, capacity, NULL, (UErrorCode *)status);
}
int32_t kiosk_unum_getSymbol(const kiosk_number_format *format, int32_t symbol, uint16_t *result, int32_t capacity,
                             int32_t *status) {
    return unum_getSymbol((const UNumberFormat *)format, (UNumberFormatSymbol)symbol, (UChar *)result, capacity,
                          (UErrorCode *)status);
}

kiosk_pattern_generator *kiosk_udatpg_open(const char *locale, int32_t *status) {
    return (kiosk_pattern_generator *)udatpg_open(locale, (UErrorCode *)status);
}
void kiosk_udatpg_close(kiosk_pattern_generator *generator) { udatpg_close((UDateTimePatternGenerator *)generator); }
int32_t kiosk_udatpg_getBestPattern(kiosk_pattern_generator *generator, const uint16_t *skeleton, int32_t length,
                                    uint16_t *pattern, int32_t capacity, int32_t *status) {
    return udatpg_getBestPattern((UDateTimePatternGenerator *)generator, (const UChar *)skeleton, length,
                                 (UChar *)pattern, capacity, (UErrorCode *)status);
}
kiosk_date_format *kiosk_udat_open(const char *locale, const uint16_t *timeZone, int32_t timeZoneLength,
                                   const uint16_t *pattern, int32_t patternLength, int32_t *status) {
    return (kiosk_date_format *)udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, (const UChar *)timeZone, timeZoneLength,
                                          (const UChar *)pattern, patternLength, (UErrorCode *)status);
}
void kiosk_udat_close(kiosk_date_format *format) { udat_close((UDateFormat *)format); }
int32_t kiosk_udat_format(const kiosk_date_format *format, double date, uint16_t *result, int32_t capacity,
                          int32_t *status) {
    return udat_format((const UDateFormat *)format, date, (UChar *)result, capacity, NULL, (UErrorCode *)status);
}

int8_t kiosk_uloc_isRightToLeft(const char *locale) { return uloc_isRightToLeft(locale); }
int32_t kiosk_uloc_getLanguage(const char *locale, char *language, int32_t capacity, int32_t *status) {
    return uloc_getLanguage(locale, language, capacity, (UErrorCode *)status);
}
int32_t kiosk_uloc_getCountry(const char *locale, char *country, int32_t capacity, int32_t *status) {
    return uloc_getCountry(locale, country, capacity, (UErrorCode *)status);
}
int32_t kiosk_uloc_forLanguageTag(const char *tag, char *locale, int32_t capacity, int32_t *parsedLength,
                                  int32_t *status) {
    return uloc_forLanguageTag(tag, locale, capacity, parsedLength, (UErrorCode *)status);
}
int32_t kiosk_uloc_toLanguageTag(const char *locale, char *tag, int32_t capacity, int32_t *status) {
    return uloc_toLanguageTag(locale, tag, capacity, 0, (UErrorCode *)status);
}
const char *const *kiosk_uloc_getISOLanguages(void) { return uloc_getISOLanguages(); }
const char *const *kiosk_uloc_getISOCountries(void) { return uloc_getISOCountries(); }
