#pragma once
#include <linux/input.h>
#include <libevdev/libevdev.h>
