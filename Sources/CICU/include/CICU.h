// The system ICU's C API as KioskUI and KioskSpeech call it. ICU renames each function after
// its version (uplrules_open is a macro for uplrules_open_72 on bookworm, _76 on trixie),
// which Swift cannot call, so each is wrapped. This header includes no ICU header and names
// no ICU type: Foundation ships its own copy of ICU's headers, and a module that declared
// ICU's enums here would clash with it in any file that imports Foundation beside KioskUI.
// Handles are opaque, UChar is uint16_t, UErrorCode is int32_t and UDate is double, as ICU
// declares them; ICU.c checks the constants below against ICU's own.
#pragma once
#include <stdint.h>

/// ICU's status: zero or below is success (below zero a warning), above zero an error.
#define KIOSK_U_ZERO_ERROR 0
/// The text did not fit the buffer; the call returned the length it needs.
#define KIOSK_U_BUFFER_OVERFLOW_ERROR 15

/// Number format styles (UNumberFormatStyle).
#define KIOSK_UNUM_DECIMAL 1
#define KIOSK_UNUM_CURRENCY 2
#define KIOSK_UNUM_PERCENT 3
/// Number format attributes (UNumberFormatAttribute).
#define KIOSK_UNUM_GROUPING_USED 1
#define KIOSK_UNUM_MAX_FRACTION_DIGITS 6
#define KIOSK_UNUM_MIN_FRACTION_DIGITS 7
#define KIOSK_UNUM_MULTIPLIER 9
/// The currency code text attribute (UNumberFormatTextAttribute).
#define KIOSK_UNUM_CURRENCY_CODE 5
/// The decimal separator symbol (UNumberFormatSymbol).
#define KIOSK_UNUM_DECIMAL_SEPARATOR_SYMBOL 0

typedef struct kiosk_plural_rules kiosk_plural_rules;
typedef struct kiosk_number_format kiosk_number_format;
typedef struct kiosk_pattern_generator kiosk_pattern_generator;
typedef struct kiosk_date_format kiosk_date_format;

kiosk_plural_rules *kiosk_uplrules_open(const char *locale, int32_t *status);
int32_t kiosk_uplrules_select(const kiosk_plural_rules *rules, double number, uint16_t *keyword, int32_t capacity,
                              int32_t *status);

kiosk_number_format *kiosk_unum_open(int32_t style, const char *locale, int32_t *status);
void kiosk_unum_close(kiosk_number_format *format);
void kiosk_unum_setAttribute(kiosk_number_format *format, int32_t attribute, int32_t value);
void kiosk_unum_setTextAttribute(kiosk_number_format *format, int32_t attribute, const uint16_t *value, int32_t length,
                                 int32_t *status);
int32_t kiosk_unum_formatDouble(const kiosk_number_format *format, double number, uint16_t *result, int32_t capacity,
                                int32_t *status);
int32_t kiosk_unum_formatInt64(const kiosk_number_format *format, int64_t number, uint16_t *result, int32_t capacity,
                               int32_t *status);
int32_t kiosk_unum_getSymbol(const kiosk_number_format *format, int32_t symbol, uint16_t *result, int32_t capacity,
                             int32_t *status);

kiosk_pattern_generator *kiosk_udatpg_open(const char *locale, int32_t *status);
void kiosk_udatpg_close(kiosk_pattern_generator *generator);
int32_t kiosk_udatpg_getBestPattern(kiosk_pattern_generator *generator, const uint16_t *skeleton, int32_t length,
                                    uint16_t *pattern, int32_t capacity, int32_t *status);
/// A date format from a pattern, in the time zone named (UTF-16), or the default one when nil.
kiosk_date_format *kiosk_udat_open(const char *locale, const uint16_t *timeZone, int32_t timeZoneLength,
                                   const uint16_t *pattern, int32_t patternLength, int32_t *status);
void kiosk_udat_close(kiosk_date_format *format);
/// `date` is in milliseconds since 1970.
int32_t kiosk_udat_format(const kiosk_date_format *format, double date, uint16_t *result, int32_t capacity,
                          int32_t *status);

int8_t kiosk_uloc_isRightToLeft(const char *locale);
int32_t kiosk_uloc_getLanguage(const char *locale, char *language, int32_t capacity, int32_t *status);
int32_t kiosk_uloc_getCountry(const char *locale, char *country, int32_t capacity, int32_t *status);
int32_t kiosk_uloc_forLanguageTag(const char *tag, char *locale, int32_t capacity, int32_t *parsedLength,
                                  int32_t *status);
int32_t kiosk_uloc_toLanguageTag(const char *locale, char *tag, int32_t capacity, int32_t *status);
const char *const *kiosk_uloc_getISOLanguages(void);
const char *const *kiosk_uloc_getISOCountries(void);
