#pragma once
constexpr bool kFromOptionsDirectory = true;
