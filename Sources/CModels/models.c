#include "CModels.h"
