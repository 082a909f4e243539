// The declaration in include/CFuzzDriver.h is the whole module; libFuzzer defines it.
#include "CFuzzDriver.h"
